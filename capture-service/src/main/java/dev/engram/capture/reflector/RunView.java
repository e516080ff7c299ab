package dev.engram.capture.reflector;

import java.time.Instant;

/** A Reflector run as clients see it. */
public record RunView(
    long id,
    ReflectorRun.Trigger trigger,
    ReflectorRun.Status status,
    String extractor,
    Instant startedAt,
    Instant finishedAt,
    int chats,
    int exchangesRead,
    int extracted,
    int inserted,
    int touched,
    int superseded,
    int skipped,
    int quarantined,
    int archived,
    int decayed,
    int failedBatches,
    String error) {

  static RunView of(ReflectorRun r) {
    return new RunView(
        r.id,
        r.trigger,
        r.status,
        r.extractor,
        r.startedAt,
        r.finishedAt,
        r.chats,
        r.exchangesRead,
        r.extracted,
        r.inserted,
        r.touched,
        r.superseded,
        r.skipped,
        r.quarantined,
        r.archived,
        r.decayed,
        r.failedBatches,
        r.error);
  }
}
