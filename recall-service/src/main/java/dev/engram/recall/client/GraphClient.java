package dev.engram.recall.client;

import dev.engram.contracts.index.DocKind;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.recall.GraphNeighbours;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * The graph signal's source: graph-service's neighbours, with a short deadline (the recall waits
 * for it). Never retried: a retry would not fit in the deadline, and recall works without it.
 */
@ApplicationScoped
public class GraphClient implements GraphNeighbours {

  private final GraphRestClient client;
  private final Duration timeout;

  GraphClient(@RestClient GraphRestClient client, RecallConfig config) {
    this.client = client;
    this.timeout = config.graph().timeout();
  }

  @Override
  public CompletableFuture<List<Item>> neighbours(Query q) {
    var request =
        new GraphWire.NeighboursRequest(
            q.tenant(),
            q.agent(),
            q.chat(),
            q.text(),
            q.memoryIds(),
            q.maxHops(),
            q.limit(),
            q.asOf(),
            q.mode());
    return client
        .neighbours(request)
        .ifNoItem()
        .after(timeout)
        .failWith(
            () ->
                new Unavailable(
                    "timeout", "graph-service did not answer within " + timeout.toMillis() + " ms"))
        .onFailure(f -> !(f instanceof Unavailable))
        .transform(
            f -> {
              var failure = Failures.classify("graph-service", f);
              return new Unavailable(failure.kind(), failure.message());
            })
        .map(GraphClient::items)
        .subscribeAsCompletionStage();
  }

  /**
   * Memories and exchanges of the answer, each with the best centrality of the query entities it
   * was reached from ({@code via} names them); other kinds (a newer graph may add some) are
   * ignored.
   */
  private static List<Item> items(GraphWire.NeighboursResponse response) {
    List<Item> items = new ArrayList<>();
    if (response == null || response.items() == null) {
      return items;
    }
    Map<String, Double> centrality = new HashMap<>();
    if (response.entities() != null) {
      for (GraphWire.Entity e : response.entities()) {
        if (e.name() != null && e.centrality() != null) {
          centrality.merge(e.name(), e.centrality(), Math::max);
        }
      }
    }
    for (GraphWire.Item i : response.items()) {
      DocKind kind =
          "memory".equals(i.kind())
              ? DocKind.MEMORY
              : "exchange".equals(i.kind()) ? DocKind.EXCHANGE : null;
      if (kind != null && i.id() != null) {
        double best = 0;
        for (String name : i.via() == null ? List.<String>of() : i.via()) {
          best = Math.max(best, centrality.getOrDefault(name, 0.0));
        }
        items.add(new Item(kind, i.id(), i.score() == null ? 0 : i.score(), best));
      }
    }
    return items;
  }
}
