package dev.engram.capture.exchange;

import java.time.Instant;
import java.util.Map;

/** An exchange as clients see it. */
public record ExchangeView(
    long id,
    String agent,
    String chat,
    String thread,
    String session,
    String speaker,
    ExchangeRole role,
    String text,
    Instant occurredAt,
    Instant recordedAt,
    Map<String, String> metadata,
    String contentSha256,
    ExchangeStatus status,
    String statusReason,
    String mode) {

  /** The view of a row. */
  public static ExchangeView of(Exchange e) {
    return new ExchangeView(
        e.id,
        e.agent,
        e.chat,
        e.thread,
        e.session,
        e.speaker,
        ExchangeRole.fromWire(e.role),
        e.text,
        e.occurredAt,
        e.recordedAt,
        e.metadata,
        e.contentSha256,
        e.status,
        e.statusReason,
        e.mode);
  }
}
