package dev.engram.graph.belief;

import java.time.Instant;
import java.util.List;

/**
 * Evidence to revise a belief with, from the public endpoint or capture's outbox ({@code
 * belief_evidence}): the statement, its truth value, the id that makes a repeat harmless, where it
 * came from and when it was recorded.
 */
public record NewEvidence(
    String id,
    String statement,
    double strength,
    double confidence,
    String source,
    List<Long> memoryIds,
    Instant recordedAt) {

  public NewEvidence {
    memoryIds = memoryIds == null ? List.of() : List.copyOf(memoryIds);
  }
}
