package dev.engram.capture.exchange;

import java.time.Instant;
import java.util.List;

/**
 * The newest turns of a chat for context assembly (internal API), oldest first; {@code more} tells
 * whether older ones exist.
 */
public record RecentTurns(List<Turn> turns, boolean more) {

  /** One turn as a context shows it. */
  public record Turn(
      long id,
      String speaker,
      String role,
      String text,
      Instant occurredAt,
      String thread,
      String session) {

    static Turn of(Exchange e) {
      return new Turn(e.id, e.speaker, e.role, e.text, e.occurredAt, e.thread, e.session);
    }
  }
}
