package dev.engram.graph.stats;

/** Cypher for {@code GET /v1/stats}. Every pattern is anchored on the caller's tenant. */
final class StatsQueries {

  /**
   * All counts in one round trip. A fact is current until it is invalidated (system time); a
   * relation is one of the typed memory-to-memory relationships.
   */
  static final String COUNTS =
      """
      RETURN
        COUNT { (:Entity {tenant: $tenant}) } AS entities,
        COUNT { (:Entity {tenant: $tenant})-[f:FACT {tenant: $tenant}]->(:Entity)
                WHERE f.invalidated_at IS NULL } AS current_facts,
        COUNT { (:Entity {tenant: $tenant})-[f:FACT {tenant: $tenant}]->(:Entity)
                WHERE f.invalidated_at IS NOT NULL } AS invalidated_facts,
        COUNT { (:Memory {tenant: $tenant}) } AS memories,
        COUNT { (:Memory {tenant: $tenant})
                -[:SUPPORTS|CONTRADICTS|RELATED_TO|DEPENDS_ON|DERIVED_FROM|BLOCKS|SIMILAR_TO
                  {tenant: $tenant}]->(:Memory) } AS relations,
        COUNT { (:Belief {tenant: $tenant}) } AS beliefs""";

  private StatsQueries() {}
}
