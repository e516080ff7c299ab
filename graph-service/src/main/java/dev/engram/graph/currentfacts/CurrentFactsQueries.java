package dev.engram.graph.currentfacts;

import dev.engram.graph.scope.Visibility;

/** Cypher for current facts: the name lookup, then the facts, each one round trip. */
final class CurrentFactsQueries {

  /**
   * The entities the candidate keys name, by key (the caller keeps the longest matches), and
   * whether each has any fact at all (a degree check): when none in play has one, {@link #FACTS}
   * cannot find anything and is not asked (a context about people the graph only knows from
   * mentions, as on the 104k benchmark corpus, costs one statement instead of two).
   */
  static final String ENTITIES =
      """
      UNWIND $keys AS key
      MATCH (:Alias {tenant: $tenant, key: key})-[:ALIAS_OF]->(e:Entity)
      RETURN key, e.id AS id, e.name AS name, EXISTS { (e)-[:FACT]-() } AS has_facts""";

  /**
   * The visible facts touching the entities in play that are current in both times: not invalidated
   * (system time) and valid at {@code $now} (world time). Best first: subject in play, then
   * confidence, then newest; {@code total} counts every match, so the caller knows how many the
   * limit left out.
   */
  static final String FACTS =
      """
      UNWIND $entities AS eid
      MATCH (:Entity {tenant: $tenant, id: eid})-[f:FACT]-(:Entity)
      WHERE %s
        AND f.invalidated_at IS NULL
        AND (f.valid_from IS NULL OR f.valid_from <= $now)
        AND (f.valid_to IS NULL OR f.valid_to > $now)
      WITH DISTINCT f
      MATCH (s:Entity)-[f]->(o:Entity)
      WITH s, f, o ORDER BY s.id IN $entities DESC, coalesce(f.confidence, 1.0) DESC,
           coalesce(f.valid_from, f.recorded_at) DESC, f.id DESC
      WITH collect({s: s, f: f, o: o}) AS found
      UNWIND found[0..$limit] AS row
      WITH size(found) AS total, row.s AS s, row.f AS f, row.o AS o
      RETURN total, f.id AS id, s.id AS subject_id, s.name AS subject_name,
             f.predicate AS predicate, o.id AS object_id, o.name AS object_name,
             f.valid_from AS valid_from, f.valid_to AS valid_to, f.confidence AS confidence,
             f.scope AS scope, f.agent AS agent, f.chat AS chat"""
          .formatted(Visibility.fact("f"));

  private CurrentFactsQueries() {}
}
