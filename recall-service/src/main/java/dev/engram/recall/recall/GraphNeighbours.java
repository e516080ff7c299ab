package dev.engram.recall.recall;

import dev.engram.contracts.index.DocKind;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The graph signals' source: memories and exchanges linked to the entities a query names, or to
 * given memories (graph-service's neighbours). Asynchronous, so recall's local searches run while
 * it answers; a failure completes the future with {@link Unavailable}.
 */
public interface GraphNeighbours {

  /** Starts the call; the future completes within the client's own deadline. */
  CompletableFuture<List<Item>> neighbours(Query query);

  /**
   * What is asked: the entities the query text names and the given memories ({@code memoryIds}, may
   * be empty), within what (tenant, agent, chat) may see, of {@code mode} and untagged (null: every
   * mode). {@code text} may be null.
   */
  record Query(
      String tenant,
      String agent,
      String chat,
      String text,
      List<Long> memoryIds,
      int maxHops,
      int limit,
      Instant asOf,
      String mode) {

    public Query {
      memoryIds = List.copyOf(memoryIds);
    }

    /** Of every mode. */
    public Query(
        String tenant,
        String agent,
        String chat,
        String text,
        List<Long> memoryIds,
        int maxHops,
        int limit,
        Instant asOf) {
      this(tenant, agent, chat, text, memoryIds, maxHops, limit, asOf, null);
    }

    /** The entities the query names only. */
    public Query(
        String tenant,
        String agent,
        String chat,
        String text,
        int maxHops,
        int limit,
        Instant asOf) {
      this(tenant, agent, chat, text, List.of(), maxHops, limit, asOf, null);
    }
  }

  /**
   * A linked document, best first by the graph's score (confidence decayed per hop). {@code
   * centrality}: the highest centrality among the query's entities it was reached from (0 when none
   * is known or it was reached from given memories only).
   */
  record Item(DocKind kind, long id, double score, double centrality) {

    public Item(DocKind kind, long id, double score) {
      this(kind, id, score, 0);
    }
  }

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
