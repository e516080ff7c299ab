package dev.engram.graph.belief;

import dev.engram.graph.scope.Visibility;

/**
 * Cypher of deduction. Names are compared as keys (normalized names); a key an entity is known by
 * (an {@code (:Alias)}) stands for that entity, whose own normalized name is the canonical key.
 */
final class InferenceQueries {

  /** The canonical key of each of {@code $keys}. */
  static final String CANONICAL =
      """
      UNWIND $keys AS k
      OPTIONAL MATCH (:Alias {tenant: $tenant, key: k})-[:ALIAS_OF]->(e:Entity {tenant: $tenant})
      WITH k, head(collect(e.normalized_name)) AS name
      RETURN k AS key, coalesce(name, k) AS canonical""";

  /**
   * The links out of each frontier key: the current facts the reader sees whose subject it is
   * (strength 1, the fact's confidence) and the implication beliefs whose antecedent it names under
   * any of its aliases; at most {@code $fan_out} of each kind per key, highest confidence first.
   */
  static final String LINKS =
      """
      UNWIND $frontier AS k
      CALL (k) {
        OPTIONAL MATCH (:Alias {tenant: $tenant, key: k})-[:ALIAS_OF]->(s:Entity {tenant: $tenant})
        WITH k, s LIMIT 1
        RETURN s, CASE WHEN s IS NULL THEN [k]
                       ELSE [k] + [(a:Alias)-[:ALIAS_OF]->(s) | a.key] END AS keys
      }
      CALL (s, keys) {
        MATCH (s)-[f:FACT {tenant: $tenant}]->(o:Entity)
        WHERE %s AND %s AND ($predicates IS NULL OR f.predicate IN $predicates)
        RETURN 'fact' AS kind, toString(f.id) AS id,
               s.name + ' ' + f.predicate + ' ' + o.name AS statement,
               o.normalized_name AS next, 1.0 AS strength,
               coalesce(f.confidence, 1.0) AS confidence
        ORDER BY confidence DESC LIMIT $fan_out
        UNION
        MATCH (b:Belief {tenant: $tenant})
        WHERE b.antecedent_key IN keys AND b.strength IS NOT NULL
        OPTIONAL MATCH (:Alias {tenant: $tenant, key: b.consequent_key})-[:ALIAS_OF]->(t:Entity)
        WITH b, head(collect(t.normalized_name)) AS name
        RETURN 'belief' AS kind, b.id AS id, b.statement AS statement,
               coalesce(name, b.consequent_key) AS next, b.strength AS strength,
               b.confidence AS confidence
        ORDER BY confidence DESC LIMIT $fan_out
      }
      RETURN k AS key, kind, id, statement, next, strength, confidence"""
          .formatted(Visibility.holds("f"), Visibility.fact("f"));

  private InferenceQueries() {}
}
