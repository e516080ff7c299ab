package dev.engram.graph.neighbours;

import dev.engram.graph.operations.RelationType;
import dev.engram.graph.scope.Visibility;

/**
 * Cypher for neighbours: one statement per hop, the first including the name lookup. Every
 * expansion is anchored on an indexed (tenant, key or id) and stops after {@code $perNode} links,
 * so a hub entity cannot make a query slow. What a chat gets must not depend on what other chats or
 * tenants hold (issue 14): every limit counts only links the reader may see, keeps the best of them
 * by weight with the id breaking ties (never the storage order), a name is a seed only when its
 * entity leads to something the reader sees (see {@code NeighboursService}), and a seed's
 * centrality is its PageRank among the facts the reader sees.
 */
final class NeighboursQueries {

  /**
   * Items linked to entity {@code e}: memories (mentions, fact sources) and exchanges, the best
   * {@code $perNode} visible ones of each. The links are read best first from the indexes on their
   * copy of the item's order ({@code LinkOrder}, V005) and the read stops after {@code $perNode}
   * visible items per link type, so a hub costs what it returns, not its size; the two memory lists
   * merged and cut again are the best {@code $perNode} of their union (an item among the best of
   * the union is among the best of its own list). The ORDER BY names the index's leading properties
   * too (equal for every row): without them the planner sorts every link instead of reading the
   * index in order and stopping at the LIMIT.
   */
  private static final String ITEMS_OF_E =
      """
      CALL (e) {
        CALL (e) {
          %1$s
          UNION ALL
          %2$s
        }
        WITH DISTINCT id, weight
        ORDER BY weight DESC, id DESC
        LIMIT $perNode
        RETURN 'memory' AS kind, id, weight
        UNION
        MATCH (x:Exchange)-[r:MENTIONS]->()
        USING INDEX r:MENTIONS(tenant, entity, exchange)
        WHERE r.tenant = $tenant AND r.entity = e.id AND r.exchange IS NOT NULL
          AND %3$s AND ($asOf IS NULL OR x.occurred_at <= $asOf)
        WITH DISTINCT r.tenant AS t, r.entity AS en, r.exchange AS id
        ORDER BY t DESC, en DESC, id DESC
        LIMIT $perNode
        RETURN 'exchange' AS kind, id, 1.0 AS weight
      }"""
          .formatted(memoriesBy("MENTIONS"), memoriesBy("SOURCE_OF"), Visibility.exchange("x"));

  /**
   * The best {@code $perNode} visible memories linking to {@code e} by {@code type}, best first.
   */
  private static String memoriesBy(String type) {
    return """
        MATCH (m:Memory)-[r:%1$s]->()
        USING INDEX r:%1$s(tenant, entity, rank, memory)
        WHERE r.tenant = $tenant AND r.entity = e.id AND r.rank IS NOT NULL
          AND r.memory IS NOT NULL
          AND %2$s AND ($asOf IS NULL OR m.created_at <= $asOf)
        WITH DISTINCT r.tenant AS t, r.entity AS en, r.rank AS weight, r.memory AS id
        ORDER BY t DESC, en DESC, weight DESC, id DESC
        LIMIT $perNode
        RETURN id, weight"""
        .formatted(type, Visibility.memory("m"));
  }

  /** Entities one visible fact (holding now, or at $asOf) away from entity {@code e}. */
  private static final String NEXT_OF_E =
      """
      CALL (e) {
        MATCH (e)-[f:FACT]-(n:Entity)
        WHERE %1$s AND %2$s
        RETURN n, coalesce(f.confidence, 1.0) AS weight
        ORDER BY weight DESC, n.id, f.id
        LIMIT $perNode
      }"""
          .formatted(Visibility.fact("f"), Visibility.holds("f"));

  /**
   * The centrality of entity {@code e} as the reader sees it: within the most specific of its views
   * ({@code $views}, see {@code ViewCentrality}), so facts of other chats do not move it; the
   * tenant's own for a tenant-wide reader; 0 when unknown.
   */
  private static final String CENTRALITY_OF_E =
      """
      CALL (e) {
        OPTIONAL MATCH (v:CentralityView {tenant: $tenant})
        WHERE v.key IN $views
        WITH v ORDER BY v.level DESC LIMIT 1
        OPTIONAL MATCH (c:ViewCentrality {tenant: $tenant, view: v.key, entity: e.id})
        RETURN CASE WHEN $agent IS NULL THEN coalesce(e.centrality, 0.0)
                    ELSE coalesce(c.score, 0.0) END AS centrality
      }""";

  /** Memories related (typed relations) to the memories in {@code $memories}. */
  private static final String RELATED =
      """
      UNWIND $memories AS mid
      MATCH (m:Memory {tenant: $tenant, id: mid})
      CALL (m) {
        MATCH (m)-[r:%1$s]-(o:Memory)
        WHERE %2$s AND ($asOf IS NULL OR o.created_at <= $asOf)
        RETURN o.id AS id, coalesce(r.weight, 1.0) * coalesce(o.confidence, 1.0) AS weight
        ORDER BY weight DESC, id DESC
        LIMIT $perNode
      }
      RETURN 'related' AS row, toString(mid) AS source, 'memory' AS kind, id, null AS name,
             weight"""
          .formatted(RelationType.ANY, Visibility.memory("o"));

  /**
   * The first hop, in one round trip with the name lookup: the entities the candidate keys name
   * ({@code seed}, by key; the caller keeps the longest matches), the items linked to each of them
   * ({@code item}), the memories related to the given ones ({@code related}) and, when {@code
   * $expand}, the entities one fact away ({@code entity}).
   */
  static final String FIRST_HOP =
      """
      UNWIND $keys AS key
      MATCH (:Alias {tenant: $tenant, key: key})-[:ALIAS_OF]->(e:Entity)
      %4$s
      RETURN 'seed' AS row, key AS source, 'entity' AS kind, e.id AS id, e.name AS name,
             centrality AS weight
      UNION ALL
      UNWIND $keys AS key
      MATCH (:Alias {tenant: $tenant, key: key})-[:ALIAS_OF]->(e:Entity)
      %1$s
      RETURN 'item' AS row, e.id AS source, kind, id, null AS name, weight
      UNION ALL
      %2$s
      UNION ALL
      UNWIND CASE WHEN $expand THEN $keys ELSE [] END AS key
      MATCH (:Alias {tenant: $tenant, key: key})-[:ALIAS_OF]->(e:Entity)
      %3$s
      RETURN 'entity' AS row, e.id AS source, 'entity' AS kind, n.id AS id, n.name AS name,
             weight"""
          .formatted(ITEMS_OF_E, RELATED, NEXT_OF_E, CENTRALITY_OF_E);

  /** A later hop: the same from the frontier entities {@code $entities}. */
  static final String HOP =
      """
      UNWIND $entities AS ent
      MATCH (e:Entity {tenant: $tenant, id: ent})
      %1$s
      RETURN 'item' AS row, ent AS source, kind, id, null AS name, weight
      UNION ALL
      %2$s
      UNION ALL
      UNWIND CASE WHEN $expand THEN $entities ELSE [] END AS ent
      MATCH (e:Entity {tenant: $tenant, id: ent})
      %3$s
      RETURN 'entity' AS row, ent AS source, 'entity' AS kind, n.id AS id, n.name AS name,
             weight"""
          .formatted(ITEMS_OF_E, RELATED, NEXT_OF_E);

  /** The entities the given memories mention, as starting points of the second hop. */
  static final String ENTITIES_OF_MEMORIES =
      """
      UNWIND $memories AS mid
      MATCH (m:Memory {tenant: $tenant, id: mid})-[:MENTIONS|SOURCE_OF]->(e:Entity)
      WHERE %s
      RETURN DISTINCT e.id AS id, e.name AS name
      ORDER BY id"""
          .formatted(Visibility.memory("m"));

  private NeighboursQueries() {}
}
