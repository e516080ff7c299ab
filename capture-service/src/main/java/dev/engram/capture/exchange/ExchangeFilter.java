package dev.engram.capture.exchange;

import dev.engram.common.error.EngramException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;

/** A chat's trace, oldest first, keyset-paged on (occurred_at, id). */
record ExchangeFilter(
    String agent,
    String chat,
    String thread,
    String session,
    Instant from,
    Instant to,
    Cursor after,
    int limit) {

  /** The position after the last item of a page; opaque to clients. */
  record Cursor(Instant occurredAt, long id) {

    static String encode(ExchangeView last) {
      String raw = last.occurredAt() + "|" + last.id();
      return Base64.getUrlEncoder()
          .withoutPadding()
          .encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    static Cursor decode(String cursor) {
      if (cursor == null || cursor.isBlank()) {
        return null;
      }
      try {
        String raw = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
        int bar = raw.indexOf('|');
        return new Cursor(
            Instant.parse(raw.substring(0, bar)), Long.parseLong(raw.substring(bar + 1)));
      } catch (RuntimeException e) {
        throw EngramException.invalid(
            "cursor", "format", "pass back next_cursor from a previous page");
      }
    }
  }
}
