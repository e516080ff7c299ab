package dev.engram.graph.traversal;

import dev.engram.graph.operations.RelationType;
import dev.engram.graph.scope.Visibility;

/** Cypher for one level of a traversal, from the frontier's entities, memories and exchanges. */
final class TraversalQueries {

  private static final String MEMORY_AS_OF = "($asOf IS NULL OR %1$s.created_at <= $asOf)";

  static final String STEP =
      """
      UNWIND $entities AS ent
      MATCH (e:Entity {tenant: $tenant, id: ent})
      CALL (e) {
        MATCH (e)-[f:FACT]-(n:Entity)
        WHERE %1$s AND %2$s AND ($predicates IS NULL OR f.predicate IN $predicates)
        RETURN 'entity' AS kind, n.id AS id, n.name AS label, f.predicate AS edge,
               coalesce(f.confidence, 1.0) AS weight
        LIMIT $perNode
        UNION
        MATCH (e)<-[r:MENTIONS|SOURCE_OF]-(m:Memory)
        WHERE %3$s AND %4$s
        RETURN DISTINCT 'memory' AS kind, toString(m.id) AS id, m.text AS label,
               'MENTIONS' AS edge, coalesce(m.confidence, 1.0) AS weight
        LIMIT $perNode
        UNION
        MATCH (e)<-[:MENTIONS]-(x:Exchange)
        WHERE %5$s AND ($asOf IS NULL OR x.occurred_at <= $asOf)
        RETURN 'exchange' AS kind, toString(x.id) AS id, x.text AS label,
               'MENTIONS' AS edge, 1.0 AS weight
        LIMIT $perNode
      }
      RETURN 'entity' AS from_kind, ent AS from_id, kind, id, label, edge, weight
      UNION ALL
      UNWIND $memories AS mid
      MATCH (m:Memory {tenant: $tenant, id: mid})
      CALL (m) {
        MATCH (m)-[r:%6$s]-(o:Memory)
        WHERE ($relations IS NULL OR type(r) IN $relations) AND %7$s AND %8$s
        RETURN 'memory' AS kind, toString(o.id) AS id, o.text AS label, type(r) AS edge,
               coalesce(r.weight, 1.0) AS weight
        LIMIT $perNode
        UNION
        MATCH (m)-[:MENTIONS|SOURCE_OF]->(n:Entity)
        RETURN DISTINCT 'entity' AS kind, n.id AS id, n.name AS label, 'MENTIONS' AS edge,
               1.0 AS weight
        LIMIT $perNode
      }
      RETURN 'memory' AS from_kind, toString(mid) AS from_id, kind, id, label, edge, weight
      UNION ALL
      UNWIND $exchanges AS xid
      MATCH (x:Exchange {tenant: $tenant, id: xid})
      CALL (x) {
        MATCH (x)-[:MENTIONS]->(n:Entity)
        RETURN DISTINCT 'entity' AS kind, n.id AS id, n.name AS label, 'MENTIONS' AS edge,
               1.0 AS weight
        LIMIT $perNode
      }
      RETURN 'exchange' AS from_kind, toString(xid) AS from_id, kind, id, label, edge, weight"""
          .formatted(
              Visibility.fact("f"),
              Visibility.holds("f"),
              Visibility.memory("m"),
              MEMORY_AS_OF.formatted("m"),
              Visibility.exchange("x"),
              RelationType.ANY,
              Visibility.memory("o"),
              MEMORY_AS_OF.formatted("o"));

  /** The given memories the reader may see. */
  static final String MEMORIES =
      """
      UNWIND $ids AS id
      MATCH (m:Memory {tenant: $tenant, id: id})
      WHERE %s
      RETURN m.id AS id, m.text AS text"""
          .formatted(Visibility.memory("m"));

  private TraversalQueries() {}
}
