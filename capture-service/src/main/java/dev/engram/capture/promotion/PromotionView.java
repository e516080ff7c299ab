package dev.engram.capture.promotion;

import java.time.Instant;
import java.time.LocalDate;

/** A promotion as clients (and the audit log) see it. */
public record PromotionView(
    long id,
    String targetType,
    long targetId,
    PromotionKind kind,
    PromotionStatus status,
    String text,
    double confidence,
    int days,
    int sessions,
    LocalDate firstSeen,
    LocalDate lastSeen,
    Instant createdAt,
    Instant decidedAt,
    String decidedBy,
    String reason,
    long version) {

  static PromotionView of(Promotion p) {
    return new PromotionView(
        p.id,
        p.targetType,
        p.targetId,
        p.kind,
        p.status,
        p.text,
        p.confidence,
        p.days,
        p.sessions,
        p.firstSeen,
        p.lastSeen,
        p.createdAt,
        p.decidedAt,
        p.decidedBy,
        p.reason,
        p.version);
  }
}
