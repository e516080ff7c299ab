package dev.engram.graph.operations;

import dev.engram.common.config.FactsConfig;
import dev.engram.graph.neo4j.Neo4jClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The follow-up of the operations API offered to writers outside it (a merge import): functional
 * chains recomputed and mention counts refreshed after records were written as they came, so the
 * graph keeps its invariants when an archive is merged into a graph that moved on.
 */
@ApplicationScoped
public class ProjectionRepair {

  private final Set<String> functional;

  ProjectionRepair(FactsConfig facts) {
    this.functional = Set.copyOf(facts.functionalPredicates());
  }

  /**
   * Within {@code tx}: recomputes the chains of the given facts whose predicate is functional (each
   * fact as {@code subject_id, predicate, scope, agent, chat}), then the mention counts of {@code
   * entities}.
   */
  public void repair(
      Neo4jClient.Tx tx, String tenant, List<Map<String, Object>> facts, Set<String> entities) {
    TenantBatch batch = new TenantBatch(tx, tenant);
    for (Map<String, Object> fact : facts) {
      Object predicate = fact.get("predicate");
      if (predicate instanceof String p && functional.contains(p) && fact.get("scope") != null) {
        batch.chains.add(
            ChainKey.of(
                (String) fact.get("subject_id"),
                p,
                (String) fact.get("scope"),
                (String) fact.get("agent"),
                (String) fact.get("chat")));
      }
    }
    BatchFollowUp.recomputeChains(batch, batch.chains);
    if (!entities.isEmpty()) {
      batch.run(CleanupQueries.RECOUNT, Map.of("ids", List.copyOf(entities)));
    }
  }
}
