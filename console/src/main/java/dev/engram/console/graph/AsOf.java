package dev.engram.console.graph;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * A point in world time as a person types it: an instant ({@code 2026-11-01T10:00:00Z}), a
 * date-time without zone or a date (both read as UTC, a date as its start).
 */
record AsOf(String typed, Instant instant) {

  /** Nothing typed: now. */
  static final AsOf NOW = new AsOf(null, null);

  static AsOf parse(String typed) {
    if (typed == null || typed.isBlank()) {
      return NOW;
    }
    String t = typed.strip();
    try {
      return new AsOf(t, Instant.parse(t));
    } catch (DateTimeParseException notAnInstant) {
      // try the shorter forms
    }
    try {
      return new AsOf(t, LocalDateTime.parse(t).toInstant(ZoneOffset.UTC));
    } catch (DateTimeParseException notADateTime) {
      // try a date
    }
    try {
      return new AsOf(t, LocalDate.parse(t).atStartOfDay().toInstant(ZoneOffset.UTC));
    } catch (DateTimeParseException e) {
      return new AsOf(t, null);
    }
  }

  /** Something was typed that is no time: the page says so and asks for the facts of now. */
  boolean invalid() {
    return typed != null && instant == null;
  }
}
