package dev.engram.graph.factsearch;

import dev.engram.graph.fact.FactView;
import dev.engram.graph.scope.Visibility;

/**
 * Cypher for {@code GET /v1/facts}: one statement per anchor (subject, object, predicate, none),
 * each starting from an index, with the same filters.
 */
final class FactSearchQueries {

  /**
   * Predicate, current-or-not, and a world-time window [from, to): facts whose validity overlaps
   * it. With a window, retracted facts (invalidated without an end of validity) are left out: they
   * never held.
   */
  private static final String FILTER =
      """
      WHERE %s
        AND ($predicate IS NULL OR f.predicate = $predicate)
        AND ($current IS NULL OR $current = (f.invalidated_at IS NULL))
        AND ($from IS NULL OR f.valid_to IS NULL OR f.valid_to > $from)
        AND ($to IS NULL OR coalesce(f.valid_from, f.recorded_at) < $to)
        AND (($from IS NULL AND $to IS NULL) OR f.invalidated_at IS NULL
             OR f.valid_to IS NOT NULL)
      RETURN %s
      ORDER BY coalesce(f.valid_from, f.recorded_at), f.id
      LIMIT $limit"""
          .formatted(Visibility.fact("f"), FactView.COLUMNS);

  static final String BY_SUBJECT =
      "MATCH (s:Entity {tenant: $tenant, id: $subject})-[f:FACT]->(o:Entity)"
          + " WHERE $object IS NULL OR o.id = $object WITH s, f, o "
          + FILTER;

  static final String BY_OBJECT =
      "MATCH (s:Entity)-[f:FACT]->(o:Entity {tenant: $tenant, id: $object}) WITH s, f, o " + FILTER;

  static final String BY_PREDICATE =
      "MATCH (s:Entity)-[f:FACT {tenant: $tenant, predicate: $predicate}]->(o:Entity)"
          + " WITH s, f, o "
          + FILTER;

  static final String ALL =
      "MATCH (s:Entity)-[f:FACT {tenant: $tenant}]->(o:Entity) WITH s, f, o " + FILTER;

  private FactSearchQueries() {}
}
