package dev.engram.graph.centrality;

import dev.engram.graph.entity.EntityView;
import dev.engram.graph.scope.Visibility;

/** Cypher for computing, storing and listing entity centrality. */
final class CentralityQueries {

  static final String TENANTS = "MATCH (e:Entity) RETURN DISTINCT e.tenant AS tenant";

  /** A page of entities (by id) with their facts: object, scope, agent and chat of each. */
  static final String PAGE =
      """
      MATCH (e:Entity {tenant: $tenant})
      WHERE e.id > $after
      WITH e ORDER BY e.id LIMIT $page
      RETURN e.id AS id,
             [(e)-[f:FACT]->(o:Entity) | [o.id, f.scope, f.agent, f.chat]] AS facts""";

  /** Replaces one view's scores (see {@code ViewCentrality}): first the old ones go. */
  static final String CLEAR_VIEW =
      """
      MATCH (c:ViewCentrality {tenant: $tenant, view: $key})
      DETACH DELETE c""";

  static final String WRITE_VIEW =
      """
      MERGE (v:CentralityView {tenant: $tenant, key: $key})
      SET v.level = $level
      WITH v
      UNWIND $rows AS row
      CREATE (:ViewCentrality {tenant: $tenant, view: $key, entity: row.id, score: row.score})""";

  /** Views that no longer have facts of their own (their readers fall back to a wider one). */
  static final String DROP_VIEWS =
      """
      MATCH (v:CentralityView {tenant: $tenant})
      WHERE NOT v.key IN $keys
      OPTIONAL MATCH (c:ViewCentrality {tenant: $tenant, view: v.key})
      DETACH DELETE v, c""";

  static final String WRITE =
      """
      UNWIND $rows AS row
      MATCH (e:Entity {tenant: $tenant, id: row.id})
      SET e.centrality = row.score""";

  static final String TOP =
      """
      MATCH (e:Entity {tenant: $tenant})
      WHERE e.centrality IS NOT NULL AND %s
      RETURN %s AS entity
      ORDER BY e.centrality DESC, e.id
      LIMIT $limit"""
          .formatted(Visibility.entity("e"), EntityView.PROJECTION);

  private CentralityQueries() {}
}
