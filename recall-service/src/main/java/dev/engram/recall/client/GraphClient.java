package dev.engram.recall.client;

import dev.engram.contracts.index.DocKind;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.recall.GraphNeighbours;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
            q.tenant(), q.agent(), q.chat(), q.text(), List.of(), q.maxHops(), q.limit(), q.asOf());
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

  /** Memories and exchanges of the answer; other kinds (a newer graph may add some) are ignored. */
  private static List<Item> items(GraphWire.NeighboursResponse response) {
    List<Item> items = new ArrayList<>();
    if (response == null || response.items() == null) {
      return items;
    }
    for (GraphWire.Item i : response.items()) {
      DocKind kind =
          "memory".equals(i.kind())
              ? DocKind.MEMORY
              : "exchange".equals(i.kind()) ? DocKind.EXCHANGE : null;
      if (kind != null && i.id() != null) {
        items.add(new Item(kind, i.id(), i.score() == null ? 0 : i.score()));
      }
    }
    return items;
  }
}
