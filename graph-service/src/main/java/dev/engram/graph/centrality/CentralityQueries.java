package dev.engram.graph.centrality;

import dev.engram.graph.entity.EntityView;
import dev.engram.graph.scope.Visibility;

/** Cypher for computing, storing and listing entity centrality. */
final class CentralityQueries {

  static final String TENANTS = "MATCH (e:Entity) RETURN DISTINCT e.tenant AS tenant";

  /** A page of entities (by id) with the objects of their facts. */
  static final String PAGE =
      """
      MATCH (e:Entity {tenant: $tenant})
      WHERE e.id > $after
      WITH e ORDER BY e.id LIMIT $page
      RETURN e.id AS id, [(e)-[:FACT]->(o:Entity) | o.id] AS objects""";

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
