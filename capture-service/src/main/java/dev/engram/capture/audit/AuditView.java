package dev.engram.capture.audit;

import java.time.Instant;
import java.util.Map;

/** One audit row as clients (and the JSONL export) see it. */
public record AuditView(
    long id,
    String tenant,
    String actorKeyId,
    String operation,
    String targetType,
    String targetId,
    Map<String, Object> before,
    Map<String, Object> after,
    Instant at) {

  static AuditView of(AuditEntry e) {
    return new AuditView(
        e.id,
        e.tenant,
        e.actorKeyId,
        e.operation,
        e.targetType,
        e.targetId,
        e.before,
        e.after,
        e.at);
  }
}
