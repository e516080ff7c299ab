package dev.engram.common.web;

import dev.engram.common.error.EngramException;
import dev.engram.common.json.StrictValues;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;

/**
 * Parses query parameters taken as strings, so a bad value is a 400 naming the parameter (JAX-RS
 * would answer a failed conversion of a query parameter with a bare 404).
 */
public final class QueryParams {

  private QueryParams() {}

  /** The enum constant named by {@code value} (case-insensitive), or null when absent. */
  public static <E extends Enum<E>> E enumValue(String name, String value, Class<E> type) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return Enum.valueOf(type, value.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw EngramException.invalid(
          name, "enum", "must be one of " + Arrays.toString(type.getEnumConstants()));
    }
  }

  /** An integer, or null when absent. */
  public static Integer intValue(String name, String value) {
    return integer(name, value, Integer::valueOf);
  }

  /** A long (an id: ids outgrow an int), or null when absent. */
  public static Long longValue(String name, String value) {
    return integer(name, value, Long::valueOf);
  }

  private static <T> T integer(String name, String value, Function<String, T> parse) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return parse.apply(value.strip());
    } catch (NumberFormatException e) {
      throw EngramException.invalid(name, "integer", "must be an integer");
    }
  }

  /** An ISO-8601 instant such as 2026-05-08T13:56:00Z, or null when absent. */
  public static Instant instant(String name, String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    Instant instant;
    try {
      instant = Instant.parse(value.strip());
    } catch (DateTimeParseException e) {
      throw EngramException.invalid(
          name, "instant", "must be an ISO-8601 instant such as 2026-05-08T13:56:00Z");
    }
    if (!StrictValues.inRange(instant)) {
      throw EngramException.invalid(name, "timestamp_range", StrictValues.rangeReason());
    }
    return instant;
  }
}
