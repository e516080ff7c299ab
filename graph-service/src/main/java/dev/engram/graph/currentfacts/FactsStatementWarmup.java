package dev.engram.graph.currentfacts;

import dev.engram.common.warmup.WarmupStep;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import dev.engram.graph.scope.Visibility;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Plans the current-facts statement before graph-service reports ready. The read-path warm-up asks
 * for current facts of a tenant with no entities, and {@link CurrentFactsService} runs this
 * statement only when an entity in play has a fact, so without this step the first context of a
 * tenant with facts planned it inside recall's 300 ms deadline ({@link StoredFactsWarmup} then runs
 * it with rows, when the store holds facts). Neo4j keys its plans by statement and parameter types,
 * so the rounds vary what may be null (chat, mode) as context's requests do. It reads entity ids
 * nobody has.
 */
@ApplicationScoped
class FactsStatementWarmup implements WarmupStep {

  private final Neo4jClient neo4j;

  FactsStatementWarmup(Neo4jClient neo4j) {
    this.neo4j = neo4j;
  }

  @Override
  public String name() {
    return "current facts statement";
  }

  @Override
  public void run(int round) {
    Map<String, Object> parameters =
        new Visibility(
                "engram-warm-up",
                "warm-up",
                round % 2 == 0 ? "warm-up:" + round : null,
                round % 3 == 0 ? "work" : null)
            .parameters();
    parameters.put("entities", List.of("e-warm-up-" + round));
    parameters.put("now", Neo4jValues.time(Instant.now()));
    parameters.put("limit", CurrentFactsRequest.DEFAULT_LIMIT);
    neo4j.read(CurrentFactsQueries.FACTS, parameters, row -> row.get("id"));
  }
}
