package dev.engram.recall.context;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Where context assembly reads what the tenant believes about the entities in play: graph-service's
 * {@code POST /internal/v1/graph/beliefs/about}. A failure completes the future exceptionally; the
 * context is then built without them.
 */
public interface BeliefSource {

  /**
   * The beliefs naming an entity of {@code text} or {@code entities}, latest revised first, of
   * {@code mode} and untagged (null: every mode).
   */
  CompletableFuture<List<Belief>> about(
      String tenant, String mode, String text, List<String> entities, int limit);

  /** A belief's truth value and how much of its evidence contradicted it. */
  record Belief(
      String statement,
      double strength,
      double confidence,
      long evidenceCount,
      long contradictingEvidence,
      boolean contradicted) {}
}
