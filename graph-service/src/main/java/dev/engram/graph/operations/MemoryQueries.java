package dev.engram.graph.operations;

import dev.engram.graph.scope.LinkOrder;

/**
 * Cypher for projecting memories and exchanges: {@code (:Memory {tenant, id, …})} and {@code
 * (:Exchange {tenant, id, …})}, each with a {@code -[:MENTIONS {tenant, key}]->(:Entity)} per name
 * its text mentions. Placeholders (a memory known only as a fact source or relation end) become
 * real memories here. Every link from an item to an entity carries the copy of the item's order
 * that neighbours read (see {@link LinkOrder}): a memory's rewrite refreshes its fact sources' too.
 */
final class MemoryQueries {

  static final String MEMORY_VERSIONS =
      """
      UNWIND $ids AS id
      MATCH (m:Memory {tenant: $tenant, id: id})
      WHERE m.placeholder IS NULL
      RETURN m.id AS id, m.version AS version""";

  static final String EXCHANGE_VERSIONS =
      """
      UNWIND $ids AS id
      MATCH (m:Exchange {tenant: $tenant, id: id})
      RETURN m.id AS id, m.version AS version""";

  /** Replaces the text mentions; returns the entities they pointed at before. */
  static final String UPSERT_MEMORIES =
      """
      UNWIND $rows AS row
      MERGE (m:Memory {tenant: $tenant, id: row.id})
      SET m += row.props
      REMOVE m.placeholder
      WITH m, row
      CALL (m) {
        OPTIONAL MATCH (m)-[r:MENTIONS]->(e:Entity)
        DELETE r
        RETURN collect(DISTINCT e.id) AS previous
      }
      CALL (m, row) {
        UNWIND row.mentions AS mention
        MATCH (e:Entity {tenant: $tenant, id: mention.entity})
        MERGE (m)-[r:MENTIONS {tenant: $tenant, key: mention.key}]->(e)
        %1$s
      }
      CALL (m) {
        MATCH (m)-[r:SOURCE_OF]->(e:Entity)
        %1$s
      }
      RETURN previous"""
          .formatted(LinkOrder.memory("m", "r", "e"));

  static final String UPSERT_EXCHANGES =
      """
      UNWIND $rows AS row
      MERGE (m:Exchange {tenant: $tenant, id: row.id})
      SET m += row.props
      WITH m, row
      CALL (m) {
        OPTIONAL MATCH (m)-[r:MENTIONS]->(e:Entity)
        DELETE r
        RETURN collect(DISTINCT e.id) AS previous
      }
      CALL (m, row) {
        UNWIND row.mentions AS mention
        MATCH (e:Entity {tenant: $tenant, id: mention.entity})
        MERGE (m)-[r:MENTIONS {tenant: $tenant, key: mention.key}]->(e)
        %s
      }
      RETURN previous"""
          .formatted(LinkOrder.exchange("m", "r", "e"));

  /** What forgetting a memory touches: the facts it sourced and the entities it mentions. */
  static final String SOURCED_FACTS =
      """
      MATCH (:Memory {tenant: $tenant, id: $id})-[r:SOURCE_OF]->()
      WITH DISTINCT r.fact_id AS fact
      MATCH ()-[f:FACT {tenant: $tenant, id: fact}]->()
      RETURN f.id AS id, f.source_memory_ids AS sources""";

  static final String LINKED =
      """
      MATCH (m:Memory {tenant: $tenant, id: $id})
      OPTIONAL MATCH (m)-[:MENTIONS|SOURCE_OF]->(e:Entity)
      WITH m, collect(DISTINCT e.id) AS entities
      OPTIONAL MATCH (m)-[:%s]-(o:Memory)
      WHERE o.placeholder = true
      RETURN entities, collect(DISTINCT o.id) AS placeholders"""
          .formatted(RelationType.ANY);

  static final String DELETE_MEMORY =
      """
      MATCH (m:Memory {tenant: $tenant, id: $id})
      DETACH DELETE m""";

  private MemoryQueries() {}
}
