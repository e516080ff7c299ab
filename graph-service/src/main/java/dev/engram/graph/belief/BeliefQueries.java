package dev.engram.graph.belief;

/**
 * Cypher for beliefs: {@code (:Belief {tenant, id, statement, key, strength, confidence,
 * evidence_count, contradicted, entity_keys, created_at, updated_at})} and the evidence revising
 * them, {@code (:Evidence {tenant, id, …})-[:EVIDENCE_FOR]->(:Belief)}. They exist only in the
 * graph, so a tenant reset keeps them.
 */
final class BeliefQueries {

  /**
   * Whether evidence with this id was recorded in the tenant (for any belief): evidence ids are
   * unique per tenant, so a replay is recognised before anything is written.
   */
  static final String EVIDENCE_SEEN =
      """
      OPTIONAL MATCH (v:Evidence {tenant: $tenant, id: $evidence})
      RETURN v IS NOT NULL AS seen""";

  /** Creates the belief if needed and write-locks it, so concurrent revisions do not race. */
  static final String LOCK =
      """
      MERGE (b:Belief {tenant: $tenant, id: $id})
        ON CREATE SET b.statement = $statement, b.key = $key, b.created_at = $now,
                      b.evidence_count = 0, b.entity_keys = $entity_keys
      SET b.updated_at = b.updated_at
      RETURN b.strength AS strength, b.confidence AS confidence,
             EXISTS { (:Evidence {tenant: $tenant, id: $evidence})-[:EVIDENCE_FOR]->(b) }
               AS duplicate""";

  static final String REVISE =
      """
      MATCH (b:Belief {tenant: $tenant, id: $id})
      SET b.strength = $strength, b.confidence = $confidence,
          b.evidence_count = b.evidence_count + 1, b.contradicted = $contradicted,
          b.updated_at = $now
      CREATE (v:Evidence {tenant: $tenant, id: $evidence, belief_id: $id,
                          strength: $evidence_strength, confidence: $evidence_confidence,
                          weight: $weight, contradicting: $contradicting, source: $source,
                          memory_ids: $memory_ids, recorded_at: $recorded_at})
             -[:EVIDENCE_FOR {tenant: $tenant}]->(b)""";

  static final String GET =
      """
      MATCH (b:Belief {tenant: $tenant, id: $id})
      WHERE b.strength IS NOT NULL
      RETURN b {.id, .statement, .strength, .confidence, .evidence_count, .contradicted,
                .created_at, .updated_at} AS belief,
             [(v:Evidence)-[:EVIDENCE_FOR]->(b) | v {.id, .strength, .confidence, .weight,
              .contradicting, .source, .memory_ids, .recorded_at}] AS evidence""";

  /** Beliefs recorded as contradictions, optionally only those naming an entity. */
  static final String CONTRADICTED =
      """
      MATCH (b:Belief {tenant: $tenant})
      WHERE b.contradicted = true AND ($key IS NULL OR $key IN b.entity_keys)
      RETURN b {.id, .statement, .strength, .confidence, .evidence_count, .contradicted,
                .created_at, .updated_at} AS belief, [] AS evidence
      ORDER BY b.updated_at DESC
      LIMIT $limit""";

  private BeliefQueries() {}
}
