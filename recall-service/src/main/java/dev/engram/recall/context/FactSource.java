package dev.engram.recall.context;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Where context assembly reads the knowledge graph's current facts about the entities in play:
 * graph-service's {@code POST /internal/v1/graph/facts/current} (never a superseded fact). A
 * failure completes the future exceptionally; the context is then built without them.
 */
public interface FactSource {

  /**
   * Current facts about the entities named in {@code text} and in {@code entities}, of {@code mode}
   * and untagged (null: every mode); with {@code beliefsLimit} above 0, the beliefs about them
   * ({@link BeliefSource#about}) in the same request, which spares both services the HTTP, key
   * check and JSON of a second one.
   */
  CompletableFuture<Found> current(Ask ask);

  /** What {@link #current} asks for; {@code beliefsLimit} 0: no beliefs. */
  record Ask(
      String tenant,
      String agent,
      String chat,
      String mode,
      String text,
      List<String> entities,
      int limit,
      int beliefsLimit) {}

  /**
   * The facts and, if asked for, the beliefs; {@code beliefs} is null when they were not asked for
   * or the graph did not answer them (a graph-service from before they came with the facts).
   */
  record Found(Facts facts, List<BeliefSource.Belief> beliefs) {}

  /** One current fact, by the names of its subject and object. */
  record Fact(
      long id,
      String subject,
      String predicate,
      String object,
      Instant validFrom,
      Instant validTo) {}

  /** The facts found, best first, and how many more the graph left out past the limit. */
  record Facts(List<Fact> facts, long omitted) {
    static final Facts NONE = new Facts(List.of(), 0);
  }
}
