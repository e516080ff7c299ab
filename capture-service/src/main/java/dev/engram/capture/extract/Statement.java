package dev.engram.capture.extract;

import java.time.Instant;

/** One exchange as the extractors see it. {@code quarantine} is its quarantine reason, if any. */
public record Statement(
    long exchangeId,
    String speaker,
    String role,
    String text,
    Instant occurredAt,
    String quarantine) {

  public boolean fromUser() {
    return "user".equals(role);
  }
}
