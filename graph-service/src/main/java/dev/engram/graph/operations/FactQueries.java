package dev.engram.graph.operations;

import dev.engram.graph.scope.LinkOrder;

/**
 * Cypher for projecting facts: {@code (:Entity)-[:FACT {tenant, id, …}]->(:Entity)}, one per fact
 * of the record, and a {@code (:Memory)-[:SOURCE_OF {tenant, fact_id, key}]->(:Entity)} from each
 * source memory to both ends (a placeholder memory node until the memory itself arrives), which is
 * how forget finds the facts a memory sourced and how recall reaches memories through facts.
 */
final class FactQueries {

  static final String EXISTING =
      """
      UNWIND $ids AS id
      MATCH (s:Entity)-[f:FACT {tenant: $tenant, id: id}]->(o:Entity)
      RETURN f.id AS id, f.version AS version, s.id AS subject, o.id AS object,
             f.predicate AS predicate, f.scope AS scope, f.agent AS agent, f.chat AS chat,
             f.source_memory_ids AS sources""";

  /** Moves a fact whose subject or object changed, then writes it and its source links. */
  static final String UPSERT =
      """
      UNWIND $rows AS row
      MATCH (s:Entity {tenant: $tenant, id: row.subject_id})
      MATCH (o:Entity {tenant: $tenant, id: row.object_id})
      OPTIONAL MATCH ()-[old:FACT {tenant: $tenant, id: row.id}]->()
      CALL (old, s, o) {
        WITH old WHERE old IS NOT NULL AND (startNode(old) <> s OR endNode(old) <> o)
        DELETE old
      }
      MERGE (s)-[f:FACT {tenant: $tenant, id: row.id}]->(o)
      SET f += row.props
      WITH row, s, o
      CALL (row) {
        MATCH (:Memory)-[r:SOURCE_OF {tenant: $tenant, fact_id: row.id}]->()
        DELETE r
      }
      WITH row, s, o
      UNWIND row.sources AS source
      MERGE (m:Memory {tenant: $tenant, id: source})
        ON CREATE SET m.placeholder = true
      MERGE (m)-[a:SOURCE_OF {tenant: $tenant, fact_id: row.id, key: row.subject_key}]->(s)
      %1$s
      MERGE (m)-[b:SOURCE_OF {tenant: $tenant, fact_id: row.id, key: row.object_key}]->(o)
      %2$s"""
          .formatted(LinkOrder.memory("m", "a", "s"), LinkOrder.memory("m", "b", "o"));

  /** Deletes one fact and its source links; returns what it was, for the follow-up. */
  static final String DELETE =
      """
      MATCH (s:Entity)-[f:FACT {tenant: $tenant, id: $id}]->(o:Entity)
      WITH s, o, f, f.predicate AS predicate, f.scope AS scope, f.agent AS agent, f.chat AS chat,
           f.source_memory_ids AS sources
      CALL (f) {
        MATCH (:Memory)-[r:SOURCE_OF {tenant: $tenant, fact_id: f.id}]->()
        DELETE r
      }
      DELETE f
      RETURN s.id AS subject, o.id AS object, predicate, scope, agent, chat, sources""";

  /** Keeps a fact whose other sources remain, without the forgotten one. */
  static final String SET_SOURCES =
      """
      MATCH ()-[f:FACT {tenant: $tenant, id: $id}]->()
      SET f.source_memory_ids = $sources""";

  /** The facts the given memories source (their modes follow the memories'). */
  static final String SOURCED_BY =
      """
      UNWIND $memories AS mid
      MATCH (:Memory {tenant: $tenant, id: mid})-[r:SOURCE_OF]->()
      RETURN DISTINCT r.fact_id AS id""";

  /**
   * A fact's {@code modes}: the distinct modes of its source memories, in source order; untagged
   * sources add none, so a fact of untagged sources only has none (visible in every mode).
   */
  static final String SET_MODES =
      """
      UNWIND $facts AS fid
      MATCH ()-[f:FACT {tenant: $tenant, id: fid}]->()
      CALL (f) {
        UNWIND coalesce(f.source_memory_ids, []) AS sid
        MATCH (m:Memory {tenant: $tenant, id: sid})
        WHERE m.mode IS NOT NULL
        RETURN collect(DISTINCT m.mode) AS modes
      }
      SET f.modes = CASE WHEN size(modes) = 0 THEN null ELSE modes END""";

  /** Every fact of the given chains (subject, predicate, scope, agent, chat). */
  static final String CHAIN_LINKS =
      """
      UNWIND $chains AS c
      MATCH (s:Entity {tenant: $tenant, id: c.subject})-[f:FACT {tenant: $tenant}]->(o:Entity)
      WHERE f.predicate = c.predicate AND f.scope = c.scope
        AND coalesce(f.agent, '') = c.agent AND coalesce(f.chat, '') = c.chat
      RETURN f.id AS id, o.id AS object, coalesce(f.valid_from, f.recorded_at) AS from,
             f.recorded_at AS recorded_at, f.stated_valid_to AS stated_valid_to,
             f.stated_invalidated_at AS stated_invalidated_at, f.valid_to AS valid_to,
             f.invalidated_at AS invalidated_at, f.invalidated_by AS invalidated_by,
             c.subject + '|' + c.predicate + '|' + c.scope + '|' + c.agent + '|' + c.chat AS chain""";

  static final String SET_ENDS =
      """
      UNWIND $ends AS e
      MATCH ()-[f:FACT {tenant: $tenant, id: e.id}]->()
      SET f.valid_to = e.valid_to, f.invalidated_at = e.invalidated_at,
          f.invalidated_by = e.invalidated_by""";

  static final String COUNT_IN_CHAT =
      """
      MATCH ()-[f:FACT {tenant: $tenant, chat: $chat}]->()
      RETURN count(f) AS facts""";

  /** Oldest invalidated first, then the lowest confidence, then the oldest recorded. */
  static final String EVICT =
      """
      MATCH (s:Entity)-[f:FACT {tenant: $tenant, chat: $chat}]->(o:Entity)
      WITH s, o, f
      ORDER BY f.invalidated_at IS NULL, f.invalidated_at, coalesce(f.confidence, 1.0),
               f.recorded_at, f.id
      LIMIT $excess
      WITH s, o, f, f.source_memory_ids AS sources
      CALL (f) {
        MATCH (:Memory)-[r:SOURCE_OF {tenant: $tenant, fact_id: f.id}]->()
        DELETE r
      }
      DELETE f
      RETURN s.id AS subject, o.id AS object, sources""";

  private FactQueries() {}
}
