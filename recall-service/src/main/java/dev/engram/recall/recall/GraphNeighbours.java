package dev.engram.recall.recall;

import dev.engram.contracts.index.DocKind;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The graph signal's source: memories and exchanges linked to the entities a query names
 * (graph-service's neighbours). Asynchronous, so recall's local searches run while it answers; a
 * failure completes the future with {@link Unavailable}.
 */
public interface GraphNeighbours {

  /** Starts the call; the future completes within the client's own deadline. */
  CompletableFuture<List<Item>> neighbours(Query query);

  /** What is asked: the query text, within what (tenant, agent, chat) may see. */
  record Query(
      String tenant,
      String agent,
      String chat,
      String text,
      int maxHops,
      int limit,
      Instant asOf) {}

  /** A linked document, best first by the graph's score (confidence decayed per hop). */
  record Item(DocKind kind, long id, double score) {}

  /** The graph could not answer in time; recall skips the signal and says why. */
  final class Unavailable extends RuntimeException {
    private final String kind;

    /** {@code kind}: timeout, unavailable (down or 503) or error (any other answer). */
    public Unavailable(String kind, String message) {
      super(message, null, false, false);
      this.kind = kind;
    }

    public String kind() {
      return kind;
    }
  }
}
