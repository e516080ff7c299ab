package dev.engram.graph.entity;

import dev.engram.graph.fact.FactView;
import dev.engram.graph.scope.Visibility;

/** Cypher for reading entities, their facts and their timeline. */
final class EntityQueries {

  private static final String VISIBLE = Visibility.entity("e");

  static final String BY_ID =
      "MATCH (e:Entity {tenant: $tenant, id: $id}) RETURN "
          + EntityView.PROJECTION
          + " AS entity, "
          + VISIBLE
          + " AS visible";

  /** By normalized name or alias. */
  static final String BY_KEY =
      "MATCH (:Alias {tenant: $tenant, key: $key})-[:ALIAS_OF]->(e:Entity) RETURN "
          + EntityView.PROJECTION
          + " AS entity, "
          + VISIBLE
          + " AS visible";

  /** The facts of an entity (either end) that hold now, or at {@code $asOf} (world time). */
  static final String FACTS =
      """
      MATCH (:Entity {tenant: $tenant, id: $id})-[f:FACT]-()
      WITH DISTINCT f
      WITH f, startNode(f) AS s, endNode(f) AS o
      WHERE %s AND %s AND ($predicate IS NULL OR f.predicate = $predicate)
      RETURN %s
      ORDER BY f.predicate, coalesce(f.valid_from, f.recorded_at), f.id
      LIMIT $limit"""
          .formatted(Visibility.fact("f"), Visibility.holds("f"), FactView.COLUMNS);

  /** Every fact of an entity, invalidated ones included, in valid-time order. */
  static final String TIMELINE =
      """
      MATCH (:Entity {tenant: $tenant, id: $id})-[f:FACT]-()
      WITH DISTINCT f
      WITH f, startNode(f) AS s, endNode(f) AS o
      WHERE %s AND ($predicate IS NULL OR f.predicate = $predicate)
      RETURN %s
      ORDER BY coalesce(f.valid_from, f.recorded_at), f.recorded_at, f.id
      LIMIT $limit"""
          .formatted(Visibility.fact("f"), FactView.COLUMNS);

  private EntityQueries() {}
}
