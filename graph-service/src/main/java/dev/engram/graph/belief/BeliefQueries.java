package dev.engram.graph.belief;

import dev.engram.graph.scope.Visibility;

/**
 * Cypher for beliefs: {@code (:Belief {tenant, id, statement, key, strength, confidence,
 * evidence_count, contradicted, entity_keys, antecedent_key, consequent_key, created_at,
 * updated_at, modes})} (the two keys only on an {@link Implication}; {@code modes}: those of the
 * memories its evidence names, none while they are untagged) and the evidence revising them, {@code
 * (:Evidence {tenant, id, …})-[:EVIDENCE_FOR]->(:Belief)}, and one {@code (b)-[:BELIEF_KEY {tenant,
 * key}]->(b)} per name in {@code entity_keys}, the index the context's lookup seeks (V004). They
 * exist only in the graph, so a tenant reset keeps them.
 */
final class BeliefQueries {

  /**
   * Whether evidence with this id was recorded in the tenant (for any belief): evidence ids are
   * unique per tenant, so a replay is recognised before anything is written.
   */
  static final String EVIDENCE_SEEN =
      """
      OPTIONAL MATCH (v:Evidence {tenant: $tenant, id: $evidence})
      WITH v LIMIT 1
      OPTIONAL MATCH (s:BeliefSettings {tenant: $tenant})
      RETURN v IS NOT NULL AS seen, s.rule AS rule
      LIMIT 1""";

  /** The tenant's belief settings ({@code (:BeliefSettings {tenant, rule, updated_at})}). */
  static final String SETTINGS =
      """
      MATCH (s:BeliefSettings {tenant: $tenant})
      RETURN s.rule AS rule, s.updated_at AS updated_at
      LIMIT 1""";

  static final String SET_SETTINGS =
      """
      MERGE (s:BeliefSettings {tenant: $tenant})
      SET s.rule = $rule, s.updated_at = $now""";

  /**
   * Creates the belief if needed and write-locks it, so concurrent revisions do not race; merges
   * its key loops (a belief created before V004 gets them here too, whatever its migration did).
   */
  static final String LOCK =
      """
      MERGE (b:Belief {tenant: $tenant, id: $id})
        ON CREATE SET b.statement = $statement, b.key = $key, b.created_at = $now,
                      b.evidence_count = 0, b.entity_keys = $entity_keys,
                      b.antecedent_key = $antecedent_key, b.consequent_key = $consequent_key
      SET b.updated_at = b.updated_at
      WITH b
      CALL (b) {
        UNWIND b.entity_keys AS key
        MERGE (b)-[:BELIEF_KEY {tenant: $tenant, key: key}]->(b)
      }
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
                          weight: $weight, rule: $rule, contradicting: $contradicting,
                          source: $source,
                          memory_ids: $memory_ids, recorded_at: $recorded_at})
             -[:EVIDENCE_FOR {tenant: $tenant}]->(b)
      WITH b
      CALL (b) {
        UNWIND coalesce($memory_ids, []) AS mid
        MATCH (m:Memory {tenant: $tenant, id: mid})
        WHERE m.mode IS NOT NULL AND NOT m.mode IN coalesce(b.modes, [])
        RETURN collect(DISTINCT m.mode) AS added
      }
      SET b.modes = CASE WHEN size(added) = 0 THEN b.modes ELSE coalesce(b.modes, []) + added END""";

  static final String GET =
      """
      MATCH (b:Belief {tenant: $tenant, id: $id})
      WHERE b.strength IS NOT NULL
      RETURN b {.id, .statement, .strength, .confidence, .evidence_count, .contradicted,
                .created_at, .updated_at} AS belief,
             [(v:Evidence)-[:EVIDENCE_FOR]->(b) | v {.id, .strength, .confidence, .weight, .rule,
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

  /**
   * Beliefs naming one of {@code $keys} (normalized names), most recently revised first. Found
   * through their {@code BELIEF_KEY} loops (an index seek per key, V004) rather than by reading
   * every belief of the tenant; {@code entity_keys} still decides, so a loop left behind by an
   * import cannot add a belief. The candidates are ordered before they are checked, so only those
   * read until {@code $limit} pass have their other properties read: a common name has hundreds of
   * beliefs and the context wants ten (a third fewer db hits on the 104k corpus, same answers:
   * {@code BeliefsAboutTest} keeps the statement that filtered first).
   */
  static final String ABOUT =
      """
      UNWIND $keys AS key
      MATCH (b:Belief)-[:BELIEF_KEY {tenant: $tenant, key: key}]->(b)
      WITH DISTINCT b
      WITH b ORDER BY b.updated_at DESC, b.id
      WHERE b.tenant = $tenant AND b.strength IS NOT NULL
        AND any(k IN b.entity_keys WHERE k IN $keys) AND %s
      WITH b LIMIT $limit
      RETURN b.id AS id, b.statement AS statement, b.strength AS strength,
             b.confidence AS confidence, b.evidence_count AS evidence_count,
             COUNT { (v:Evidence)-[:EVIDENCE_FOR]->(b) WHERE v.contradicting } AS contradicting,
             coalesce(b.contradicted, false) AS contradicted
      ORDER BY b.updated_at DESC, b.id"""
          .formatted(Visibility.modes("b"));

  private BeliefQueries() {}
}
