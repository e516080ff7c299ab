package dev.engram.graph.contradiction;

import dev.engram.graph.scope.Visibility;

/** Cypher for the CONTRADICTS relations between memories the reader may see. */
final class ContradictionQueries {

  private static final String COLUMNS =
      """
      RETURN DISTINCT r.id AS id, r.weight AS weight, r.created_at AS created_at,
             a {.id, .text, .created_at, .confidence} AS from,
             b {.id, .text, .created_at, .confidence} AS to
      ORDER BY created_at DESC, id DESC
      LIMIT $limit""";

  /** What contradicts memory {@code $memory}, or what it contradicts. */
  static final String BY_MEMORY =
      """
      MATCH (:Memory {tenant: $tenant, id: $memory})-[r:CONTRADICTS]-(:Memory)
      WITH r, startNode(r) AS a, endNode(r) AS b
      WHERE %s AND %s
      """
              .formatted(Visibility.memory("a"), Visibility.memory("b"))
          + COLUMNS;

  /** Contradictions between memories of which at least one names entity {@code $entity}. */
  static final String BY_ENTITY =
      """
      MATCH (:Entity {tenant: $tenant, id: $entity})<-[:MENTIONS|SOURCE_OF]-(:Memory)
            -[r:CONTRADICTS]-(:Memory)
      WITH r, startNode(r) AS a, endNode(r) AS b
      WHERE %s AND %s
      """
              .formatted(Visibility.memory("a"), Visibility.memory("b"))
          + COLUMNS;

  static final String ALL =
      """
      MATCH (a:Memory)-[r:CONTRADICTS {tenant: $tenant}]->(b:Memory)
      WHERE %s AND %s
      """
              .formatted(Visibility.memory("a"), Visibility.memory("b"))
          + COLUMNS;

  private ContradictionQueries() {}
}
