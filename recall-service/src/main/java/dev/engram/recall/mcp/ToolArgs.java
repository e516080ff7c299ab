package dev.engram.recall.mcp;

import java.math.BigInteger;
import java.util.Locale;
import java.util.Map;

/**
 * The arguments of one tool call, read strictly: ids and limits must be JSON integers ({@code 12.0}
 * or {@code "12"} are refused), absent and JSON {@code null} mean the same, and every refusal names
 * the argument and what it must be.
 */
final class ToolArgs {

  private final Map<String, Object> values;

  ToolArgs(Map<String, Object> values) {
    this.values = values == null ? Map.of() : values;
  }

  /** The operation, lower-cased; refused when missing. */
  String op() {
    return requiredText("op").toLowerCase(Locale.ROOT);
  }

  /** An integer argument that may be null (MicroClaw's {@code chat_id}). */
  Long optionalLong(String name) {
    Object value = values.get(name);
    if (value == null) {
      return null;
    }
    if (value instanceof Integer || value instanceof Long || value instanceof Short) {
      return ((Number) value).longValue();
    }
    if (value instanceof BigInteger big && big.bitLength() < 64) {
      return big.longValue();
    }
    throw new ToolFailure(name + " must be a 64-bit integer or null");
  }

  long requiredLong(String name) {
    Long value = optionalLong(name);
    if (value == null) {
      throw new ToolFailure(name + " is required (an integer)");
    }
    return value;
  }

  /** A positive integer limit, {@code fallback} when absent, at most {@code max}. */
  int limit(int fallback, int max) {
    Long value = optionalLong("limit");
    if (value == null) {
      return fallback;
    }
    if (value < 1) {
      throw new ToolFailure("limit must be a positive integer");
    }
    return (int) Math.min(value, max);
  }

  /** A number in [0, 1], or null. */
  Double optionalFraction(String name) {
    Object value = values.get(name);
    if (value == null) {
      return null;
    }
    if (!(value instanceof Number number)
        || !(number.doubleValue() >= 0.0 && number.doubleValue() <= 1.0)) {
      throw new ToolFailure(name + " must be a number between 0 and 1, or null");
    }
    return number.doubleValue();
  }

  String optionalText(String name) {
    Object value = values.get(name);
    if (value == null) {
      return null;
    }
    if (!(value instanceof String text)) {
      throw new ToolFailure(name + " must be a string");
    }
    return text;
  }

  /** A string that is present and not blank. */
  String requiredText(String name) {
    String text = optionalText(name);
    if (text == null || text.isBlank()) {
      throw new ToolFailure(name + " is required (a non-empty string)");
    }
    return text;
  }

  boolean flag(String name, boolean fallback) {
    Object value = values.get(name);
    if (value == null) {
      return fallback;
    }
    if (!(value instanceof Boolean flag)) {
      throw new ToolFailure(name + " must be true or false");
    }
    return flag;
  }
}
