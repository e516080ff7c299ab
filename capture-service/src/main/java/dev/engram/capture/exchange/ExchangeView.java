package dev.engram.capture.exchange;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
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
    return of(e, true);
  }

  /** The view for this reader: a QUARANTINED turn's text and metadata for admin keys only. */
  static ExchangeView of(Exchange e, Caller reader) {
    return of(e, e.status != ExchangeStatus.QUARANTINED || reader.has(Roles.ADMIN));
  }

  private static ExchangeView of(Exchange e, boolean content) {
    return new ExchangeView(
        e.id,
        e.agent,
        e.chat,
        e.thread,
        e.session,
        e.speaker,
        ExchangeRole.fromWire(e.role),
        content ? e.text : null,
        e.occurredAt,
        e.recordedAt,
        content ? e.metadata : null,
        e.contentSha256,
        e.status,
        e.statusReason,
        e.mode);
  }
}
