package dev.engram.common.json;

import java.time.Instant;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;

/**
 * The values every service refuses whatever their field: text PostgreSQL cannot store (it rejects
 * U+0000 with 22021) or Java cannot encode (a lone surrogate becomes '?'), and timestamps outside
 * years 1..9999, the range PostgreSQL and Neo4j share.
 */
public final class StrictValues {

  public static final int MIN_YEAR = 1;
  public static final int MAX_YEAR = 9999;

  // The first and last instants whose UTC year is within MIN_YEAR..MAX_YEAR.
  private static final Instant FIRST = Instant.parse("0001-01-01T00:00:00Z");
  private static final Instant AFTER_LAST = Instant.parse("+10000-01-01T00:00:00Z");

  private StrictValues() {}

  /** Why {@code text} cannot be stored, or null when it can. */
  public static String textProblem(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\u0000') {
        return "must not contain a NUL character (U+0000)";
      }
      if (Character.isHighSurrogate(c)) {
        if (i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
          i++;
          continue;
        }
        return "must not contain a lone surrogate (U+" + hex(c) + ")";
      }
      if (Character.isLowSurrogate(c)) {
        return "must not contain a lone surrogate (U+" + hex(c) + ")";
      }
    }
    return null;
  }

  /** True when the instant's UTC year is within 1..9999. */
  public static boolean inRange(Instant instant) {
    return !instant.isBefore(FIRST) && instant.isBefore(AFTER_LAST);
  }

  /** True when a date or time's year (if it has one) is within 1..9999. */
  static boolean inRange(TemporalAccessor value) {
    if (value instanceof Instant instant) {
      return inRange(instant);
    }
    if (value.isSupported(ChronoField.INSTANT_SECONDS)) {
      return inRange(Instant.from(value));
    }
    if (value.isSupported(ChronoField.YEAR)) {
      int year = value.get(ChronoField.YEAR);
      return year >= MIN_YEAR && year <= MAX_YEAR;
    }
    return true;
  }

  /** The sentence for a timestamp out of range. */
  public static String rangeReason() {
    return "must be a timestamp between years " + MIN_YEAR + " and " + MAX_YEAR;
  }

  private static String hex(char c) {
    return String.format("%04X", (int) c);
  }
}
