package dev.engram.capture.fact;

import dev.engram.capture.memory.MemoryScope;
import java.time.Instant;
import java.util.List;

/** A fact as clients see it. */
public record FactView(
    long id,
    String agent,
    String chat,
    MemoryScope scope,
    String subject,
    String predicate,
    String object,
    Instant validFrom,
    Instant validTo,
    Instant recordedAt,
    Instant invalidatedAt,
    double confidence,
    List<Long> sourceMemoryIds,
    FactStatus status,
    Long supersededBy,
    long version) {

  public static FactView of(Fact f) {
    return new FactView(
        f.id,
        f.agent,
        f.chat,
        f.scope,
        f.subject,
        f.predicate,
        f.objectValue,
        f.validFrom,
        f.validTo,
        f.recordedAt,
        f.invalidatedAt,
        f.confidence,
        f.sources(),
        f.status,
        f.supersededBy,
        f.version);
  }
}
