package dev.engram.graph.operations;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Cypher for memory-to-memory relations: {@code (:Memory)-[:SUPPORTS {tenant, id, version, weight,
 * created_at}]->(:Memory)} and the other types. A relationship type cannot be a parameter, so each
 * type has its own statement; a relation is found by id across all types.
 */
final class RelationQueries {

  /** The stored relation with each id, whatever its type. */
  static final String EXISTING =
      "UNWIND $ids AS id CALL (id) { "
          + Arrays.stream(RelationType.values())
              .map(
                  type ->
                      "MATCH (a:Memory)-[r:%s {tenant: $tenant, id: id}]->(b:Memory) RETURN r, a, b"
                          .formatted(type.name()))
              .collect(Collectors.joining(" UNION "))
          + " } RETURN r.id AS id, r.version AS version, type(r) AS type, a.id AS from, b.id AS to";

  /** Deletes the relation with this id, whatever its type; returns its ends. */
  static final String DELETE =
      "CALL () { "
          + Arrays.stream(RelationType.values())
              .map(
                  type ->
                      ("MATCH (a:Memory)-[r:%s {tenant: $tenant, id: $id}]->(b:Memory)"
                              + " DELETE r RETURN a.id AS from, b.id AS to")
                          .formatted(type.name()))
              .collect(Collectors.joining(" UNION "))
          + " } RETURN from, to";

  /** Writes relations of one type; a memory not projected yet is a placeholder meanwhile. */
  static final Map<RelationType, String> UPSERT = new EnumMap<>(RelationType.class);

  static {
    for (RelationType type : RelationType.values()) {
      UPSERT.put(
          type,
          """
          UNWIND $rows AS row
          MERGE (a:Memory {tenant: $tenant, id: row.from})
            ON CREATE SET a.placeholder = true
          MERGE (b:Memory {tenant: $tenant, id: row.to})
            ON CREATE SET b.placeholder = true
          MERGE (a)-[r:%s {tenant: $tenant, id: row.id}]->(b)
          SET r.version = row.version, r.weight = row.weight, r.created_at = row.created_at"""
              .formatted(type.name()));
    }
  }

  private RelationQueries() {}
}
