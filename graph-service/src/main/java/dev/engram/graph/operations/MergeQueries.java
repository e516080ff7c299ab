package dev.engram.graph.operations;

/**
 * Cypher for merging two entities and undoing it. Relationships cannot change ends in Neo4j, so a
 * move copies a relationship's properties onto a new one and deletes the old. Every fact end and
 * mention keeps the key it was written under; an undo moves back exactly those whose key belonged
 * to the merged entity.
 */
final class MergeQueries {

  static final String ENTITY =
      """
      MATCH (e:Entity {tenant: $tenant, id: $id})
      RETURN e.id AS id, e.name AS name, e.normalized_name AS normalized_name, e.type AS type,
             e.first_seen AS first_seen, [(a:Alias)-[:ALIAS_OF]->(e) | a.key] AS keys""";

  static final String RECORD =
      """
      CREATE (:EntityMerge {tenant: $tenant, id: $id, into: $into, from_id: $from,
                            from_name: $name, from_key: $key, from_type: $type,
                            from_first_seen: $first_seen, keys: $keys, method: 'manual',
                            merged_at: $now})""";

  static final String GET =
      "MATCH (m:EntityMerge {tenant: $tenant, id: $id}) RETURN m {.*} AS merge";

  static final String OF_ENTITY =
      """
      MATCH (m:EntityMerge {tenant: $tenant})
      WHERE m.into = $id OR m.from_id = $id
      RETURN m {.*} AS merge
      ORDER BY m.merged_at DESC, m.id""";

  static final String MOVE_ALIASES =
      """
      UNWIND $keys AS key
      MATCH (a:Alias {tenant: $tenant, key: key})-[r:ALIAS_OF]->()
      DELETE r
      WITH a
      MATCH (e:Entity {tenant: $tenant, id: $to})
      CREATE (a)-[:ALIAS_OF {tenant: $tenant}]->(e)""";

  /** Facts whose subject was written under one of {@code $keys} ({@code null}: all). */
  static final String MOVE_FACTS_OUT =
      """
      MATCH (:Entity {tenant: $tenant, id: $from})-[f:FACT]->(o:Entity)
      WHERE $keys IS NULL OR f.subject_key IN $keys
      WITH f, o, properties(f) AS p
      DELETE f
      WITH o, p
      MATCH (t:Entity {tenant: $tenant, id: $to})
      CREATE (t)-[n:FACT]->(o)
      SET n = p""";

  static final String MOVE_FACTS_IN =
      """
      MATCH (s:Entity)-[f:FACT]->(:Entity {tenant: $tenant, id: $from})
      WHERE $keys IS NULL OR f.object_key IN $keys
      WITH f, s, properties(f) AS p
      DELETE f
      WITH s, p
      MATCH (t:Entity {tenant: $tenant, id: $to})
      CREATE (s)-[n:FACT]->(t)
      SET n = p""";

  static final String MOVE_MENTIONS =
      """
      MATCH (:Entity {tenant: $tenant, id: $from})<-[r:MENTIONS]-(m)
      WHERE $keys IS NULL OR r.key IN $keys
      WITH r, m, properties(r) AS p
      DELETE r
      WITH m, p
      MATCH (t:Entity {tenant: $tenant, id: $to})
      CREATE (m)-[n:MENTIONS]->(t)
      SET n = p, n.entity = t.id""";

  static final String MOVE_SOURCES =
      """
      MATCH (:Entity {tenant: $tenant, id: $from})<-[r:SOURCE_OF]-(m)
      WHERE $keys IS NULL OR r.key IN $keys
      WITH r, m, properties(r) AS p
      DELETE r
      WITH m, p
      MATCH (t:Entity {tenant: $tenant, id: $to})
      CREATE (m)-[n:SOURCE_OF]->(t)
      SET n = p, n.entity = t.id""";

  static final String DELETE_ENTITY = "MATCH (e:Entity {tenant: $tenant, id: $id}) DETACH DELETE e";

  static final String CREATE_ENTITY =
      """
      CREATE (:Entity {tenant: $tenant, id: $id, name: $name, normalized_name: $key,
                       type: $type, first_seen: $first_seen, mention_count: 0})""";

  static final String REVERTED =
      "MATCH (m:EntityMerge {tenant: $tenant, id: $id}) SET m.reverted_at = $now";

  /** The chains of an entity's functional facts, to recompute after a merge or undo. */
  static final String CHAINS =
      """
      MATCH (:Entity {tenant: $tenant, id: $id})-[f:FACT]->()
      WHERE f.predicate IN $functional
      RETURN DISTINCT f.predicate AS predicate, f.scope AS scope, f.agent AS agent,
             f.chat AS chat""";

  private MergeQueries() {}
}
