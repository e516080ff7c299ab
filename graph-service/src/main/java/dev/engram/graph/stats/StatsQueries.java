package dev.engram.graph.stats;

import dev.engram.graph.operations.RelationType;

/** Cypher for {@code GET /v1/stats}. Every pattern is anchored on the caller's tenant. */
final class StatsQueries {

  /**
   * All counts in one round trip. A fact is current until it is invalidated (system time); a
   * relation is one of the typed memory-to-memory relationships; placeholder memories (known only
   * as a fact source or relation end so far) are not counted.
   */
  static final String COUNTS =
      """
      RETURN
        COUNT { (:Entity {tenant: $tenant}) } AS entities,
        COUNT { ()-[f:FACT {tenant: $tenant}]->() WHERE f.invalidated_at IS NULL } AS current_facts,
        COUNT { ()-[f:FACT {tenant: $tenant}]->() WHERE f.invalidated_at IS NOT NULL }
          AS invalidated_facts,
        COUNT { (m:Memory {tenant: $tenant}) WHERE m.placeholder IS NULL } AS memories,
        COUNT { (:Exchange {tenant: $tenant}) } AS exchanges,
        COUNT { (:Memory {tenant: $tenant})-[:%1$s {tenant: $tenant}]->(:Memory) } AS relations,
        COUNT { (:Belief {tenant: $tenant}) } AS beliefs"""
          .formatted(RelationType.ANY);

  /** The same for one chat: its facts, memories, exchanges, and the entities they name. */
  static final String CHAT_COUNTS =
      """
      CALL () {
        CALL () {
          MATCH (s:Entity)-[:FACT {tenant: $tenant, chat: $chat}]->(o:Entity)
          UNWIND [s, o] AS e
          RETURN e
          UNION
          MATCH (m:Memory {tenant: $tenant})-[:MENTIONS|SOURCE_OF]->(e:Entity)
          WHERE m.chat = $chat AND m.placeholder IS NULL
          RETURN e
          UNION
          MATCH (x:Exchange {tenant: $tenant})-[:MENTIONS]->(e:Entity)
          WHERE x.chat = $chat
          RETURN e
        }
        RETURN count(DISTINCT e) AS entities
      }
      RETURN entities,
        COUNT { ()-[f:FACT {tenant: $tenant, chat: $chat}]->() WHERE f.invalidated_at IS NULL }
          AS current_facts,
        COUNT { ()-[f:FACT {tenant: $tenant, chat: $chat}]->() WHERE f.invalidated_at IS NOT NULL }
          AS invalidated_facts,
        COUNT { (m:Memory {tenant: $tenant}) WHERE m.chat = $chat AND m.placeholder IS NULL }
          AS memories,
        COUNT { (x:Exchange {tenant: $tenant}) WHERE x.chat = $chat } AS exchanges,
        COUNT { (a:Memory {tenant: $tenant})-[:%1$s]->(:Memory) WHERE a.chat = $chat }
          AS relations,
        COUNT { (:Belief {tenant: $tenant}) } AS beliefs"""
          .formatted(RelationType.ANY);

  private StatsQueries() {}
}
