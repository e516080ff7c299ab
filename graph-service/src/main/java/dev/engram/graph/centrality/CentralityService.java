package dev.engram.graph.centrality;

import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.entity.EntityView;
import dev.engram.graph.neo4j.GraphUnavailableException;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import dev.engram.graph.scope.Visibility;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;
import org.neo4j.driver.Value;

/**
 * Recomputes PageRank over each tenant's entity graph on a schedule ({@code
 * engram.graph.centrality.interval}) and stores it on the entities ({@code centrality}), and the
 * same per reader view ({@link ViewCentrality}), which is what neighbours for recall report. Neo4j
 * Community has no graph-algorithms plugin, so the graph is read in pages of entities and the power
 * iteration runs here: a few MB for a hundred thousand facts.
 */
@ApplicationScoped
@Startup // its run timer is scraped (and charted) before the first scheduled run
public class CentralityService {

  private static final Logger LOG = Logger.getLogger(CentralityService.class);

  private final Neo4jClient neo4j;
  private final GraphConfig.Centrality config;
  private final Timer runs;
  private final Duration viewTimeout;

  CentralityService(Neo4jClient neo4j, GraphConfig config, MeterRegistry registry) {
    this.neo4j = neo4j;
    this.config = config.centrality();
    this.viewTimeout = config.operations().batchTimeout();
    this.runs =
        Timer.builder("engram.graph.centrality.run")
            .description("Time to recompute and store one tenant's centrality")
            .register(registry);
  }

  /** The entities the reader sees, most central first. */
  List<EntityView> top(Visibility visibility, int limit) {
    Map<String, Object> parameters = visibility.parameters();
    parameters.put("limit", limit);
    return neo4j.read(CentralityQueries.TOP, parameters, row -> EntityView.of(row.get("entity")));
  }

  /** What one recomputation did. */
  public record Run(String tenant, int entities, long links, int iterations, long tookMs) {}

  @Scheduled(
      identity = "graph-centrality",
      every = "${engram.graph.centrality.interval}",
      delayed = "${engram.graph.centrality.interval}",
      concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  void scheduled() {
    if (!config.enabled()) {
      return;
    }
    try {
      for (String tenant :
          neo4j.read(CentralityQueries.TENANTS, Map.of(), row -> row.get("tenant").asString())) {
        Run run = recompute(tenant);
        LOG.debugf(
            "Centrality of %s: %d entities, %d links, %d iterations, %d ms",
            tenant, run.entities(), run.links(), run.iterations(), run.tookMs());
      }
    } catch (GraphUnavailableException e) {
      LOG.warnf("Centrality not recomputed, Neo4j unavailable: %s", e.getMessage());
    }
  }

  /** Recomputes and stores the centrality of every entity of {@code tenant}. */
  public synchronized Run recompute(String tenant) {
    long started = System.nanoTime();
    List<String> ids = new ArrayList<>();
    List<List<String>> objects = new ArrayList<>();
    List<ViewCentrality.Link> links = new ArrayList<>();
    String after = "";
    while (true) {
      Map<String, Object> parameters =
          Map.of("tenant", tenant, "after", after, "page", config.pageSize());
      int before = ids.size();
      neo4j.read(
          CentralityQueries.PAGE,
          parameters,
          row -> {
            String id = row.get("id").asString();
            List<String> ends = new ArrayList<>();
            for (Value fact : row.get("facts").values()) {
              ends.add(fact.get(0).asString());
              links.add(
                  new ViewCentrality.Link(
                      id,
                      fact.get(0).asString(),
                      Neo4jValues.string(fact.get(1)),
                      Neo4jValues.string(fact.get(2)),
                      Neo4jValues.string(fact.get(3))));
            }
            ids.add(id);
            objects.add(ends);
            return null;
          });
      if (ids.size() - before < config.pageSize()) {
        break;
      }
      after = ids.getLast();
    }
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < ids.size(); i++) {
      index.put(ids.get(i), i);
    }
    List<List<Integer>> adjacency = new ArrayList<>();
    ids.forEach(id -> adjacency.add(new ArrayList<>()));
    long linkCount = 0;
    for (int i = 0; i < ids.size(); i++) {
      for (String object : objects.get(i)) {
        Integer j = index.get(object);
        if (j != null) {
          adjacency.get(i).add(j);
          adjacency.get(j).add(i);
          linkCount++;
        }
      }
    }
    int[][] graph = new int[ids.size()][];
    for (int i = 0; i < graph.length; i++) {
      graph[i] = adjacency.get(i).stream().mapToInt(Integer::intValue).toArray();
    }
    PageRank.Result result =
        PageRank.compute(graph, config.damping(), config.maxIterations(), config.tolerance());
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < ids.size(); i++) {
      rows.add(Map.of("id", ids.get(i), "score", result.scores()[i]));
      if (rows.size() == config.pageSize() || i == ids.size() - 1) {
        neo4j.write(CentralityQueries.WRITE, Map.of("tenant", tenant, "rows", rows), row -> row);
        rows = new ArrayList<>();
      }
    }
    writeViews(
        tenant,
        ViewCentrality.rank(links, config.damping(), config.maxIterations(), config.tolerance()));
    long took = System.nanoTime() - started;
    runs.record(took, TimeUnit.NANOSECONDS);
    return new Run(tenant, ids.size(), linkCount, result.iterations(), took / 1_000_000);
  }

  /** Each view's scores replaced in a transaction of its own, then the views gone dropped. */
  private void writeViews(String tenant, List<ViewCentrality.Ranked> views) {
    List<String> keys = new ArrayList<>();
    for (ViewCentrality.Ranked view : views) {
      keys.add(view.key());
      List<Map<String, Object>> rows = new ArrayList<>();
      view.scores().forEach((id, score) -> rows.add(Map.of("id", id, "score", score)));
      Map<String, Object> parameters =
          Map.of("tenant", tenant, "key", view.key(), "level", view.level(), "rows", rows);
      neo4j.inTransaction(
          viewTimeout,
          tx -> {
            tx.run(CentralityQueries.CLEAR_VIEW, parameters);
            tx.run(CentralityQueries.WRITE_VIEW, parameters);
            return null;
          });
    }
    neo4j.write(CentralityQueries.DROP_VIEWS, Map.of("tenant", tenant, "keys", keys), row -> row);
  }
}
