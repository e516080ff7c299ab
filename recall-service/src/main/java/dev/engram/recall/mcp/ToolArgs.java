package dev.engram.recall.mcp;

import dev.engram.common.json.StrictValues;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The arguments of one tool call, read strictly: ids and limits must be JSON integers ({@code 12.0}
 * or {@code "12"} are refused), absent and JSON {@code null} mean the same, and every refusal names
 * the argument and what it must be.
 */
final class ToolArgs {

  /** capture-service's rule for agents, chats, threads, sessions: 1-200 printable characters. */
  static final Pattern NAME = Pattern.compile("^[^\\p{Cntrl}\\s][^\\p{Cntrl}]{0,199}$");

  /** capture-service's rule for slot names and sources: lower-case words. */
  static final Pattern SLUG = Pattern.compile("^[a-z][a-z0-9_.-]{0,63}$");

  private final Map<String, Object> values;

  /** The request header that may supply an argument, named when the argument is missing. */
  private final Map<String, String> headers;

  ToolArgs(Map<String, Object> values) {
    this(values, Map.of());
  }

  ToolArgs(Map<String, Object> values, Map<String, String> headers) {
    this.values = values == null ? Map.of() : values;
    this.headers = headers;
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
    // As REST reads JSON (common/json): a lone surrogate would be stored as '?'.
    String problem = StrictValues.textProblem(text);
    if (problem != null) {
      throw new ToolFailure(name + " " + problem);
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

  /** Refuses an argument the tool does not know, so a misspelt one is not silently ignored. */
  void allowOnly(Set<String> known) {
    for (String name : values.keySet()) {
      if (!known.contains(name)) {
        throw new ToolFailure(
            "unknown argument '" + abbreviate(name) + "' (known: " + new TreeSet<>(known) + ")");
      }
    }
  }

  /** An agent, chat, thread or session name, or null when absent. */
  String optionalName(String name) {
    String value = optionalText(name);
    if (value != null && !NAME.matcher(value).matches()) {
      throw new ToolFailure(name + " must be 1-200 printable characters");
    }
    return value;
  }

  String requiredName(String name) {
    String value = optionalName(name);
    if (value == null) {
      String header = headers.get(name);
      throw new ToolFailure(
          name
              + " is required (1-200 printable characters)"
              + (header == null ? "" : ": pass it or set the " + header + " request header"));
    }
    return value;
  }

  /** A lower-case word such as a slot name or a source, or null when absent. */
  String optionalSlug(String name) {
    String value = optionalText(name);
    if (value != null && !SLUG.matcher(value).matches()) {
      throw new ToolFailure(name + " must be a lower-case word (a-z, 0-9, _ . -; at most 64)");
    }
    return value;
  }

  /** Free text that is present (empty allowed only if {@code allowEmpty}); see optionalText. */
  String requiredContent(String name, boolean allowEmpty) {
    String value = optionalText(name);
    if (value == null || (!allowEmpty && value.isBlank())) {
      throw new ToolFailure(
          name + " is required (" + (allowEmpty ? "" : "a non-empty ") + "string)");
    }
    return value;
  }

  /** One of {@code allowed} (case-insensitive, answered upper-case), or null when absent. */
  String optionalChoice(String name, Set<String> allowed) {
    String value = optionalText(name);
    if (value == null) {
      return null;
    }
    String upper = value.strip().toUpperCase(Locale.ROOT);
    if (!allowed.contains(upper)) {
      throw new ToolFailure(name + " must be one of " + new TreeSet<>(allowed));
    }
    return upper;
  }

  /** An integer in [min, max], or null when absent. */
  Long optionalRange(String name, long min, long max) {
    Long value = optionalLong(name);
    if (value != null && (value < min || value > max)) {
      throw new ToolFailure(name + " must be an integer from " + min + " to " + max);
    }
    return value;
  }

  /** An integer in [min, max] that must be given. */
  long requiredRange(String name, long min, long max) {
    Long value = optionalRange(name, min, max);
    if (value == null) {
      throw new ToolFailure(name + " is required (an integer from " + min + " to " + max + ")");
    }
    return value;
  }

  /**
   * A JSON array of at most {@code max} items (each checked by the caller), or null when absent.
   */
  List<Object> optionalList(String name, int max) {
    return list(name, max, "items");
  }

  private List<Object> list(String name, int max, String of) {
    Object value = values.get(name);
    if (value instanceof JsonArray array) {
      value = array.getList();
    }
    if (value == null) {
      return null;
    }
    if (!(value instanceof List<?> list) || list.size() > max) {
      throw new ToolFailure(name + " must be a list of at most " + max + " " + of);
    }
    return new ArrayList<>(list);
  }

  /**
   * A JSON object of at most {@code max} string values (keys are checked by capture), or null when
   * absent.
   */
  Map<String, String> optionalStrings(String name, int max) {
    Object value = values.get(name);
    if (value instanceof JsonObject object) {
      value = object.getMap();
    }
    if (value == null) {
      return null;
    }
    if (!(value instanceof Map<?, ?> map) || map.size() > max) {
      throw new ToolFailure(name + " must be an object of at most " + max + " string values");
    }
    Map<String, String> strings = new java.util.LinkedHashMap<>();
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      if (!(entry.getValue() instanceof String text) || StrictValues.textProblem(text) != null) {
        throw new ToolFailure(
            name + " must hold strings without NUL characters or lone surrogates");
      }
      strings.put(String.valueOf(entry.getKey()), text);
    }
    return strings;
  }

  /** A list of at most {@code max} non-empty strings without NUL, or null when absent. */
  List<String> optionalTexts(String name, int max) {
    List<Object> list = list(name, max, "strings");
    if (list == null) {
      return null;
    }
    List<String> texts = new ArrayList<>();
    for (Object item : list) {
      if (!(item instanceof String text)
          || text.isBlank()
          || StrictValues.textProblem(text) != null) {
        throw new ToolFailure(
            name + " must hold non-empty strings without NUL characters or lone surrogates");
      }
      texts.add(text);
    }
    return texts;
  }

  /** A name fit for an error message: control characters replaced, at most 40 characters. */
  static String abbreviate(String text) {
    String clean = text.replaceAll("\\p{Cntrl}", "?");
    return clean.length() > 40 ? clean.substring(0, 40) + "..." : clean;
  }
}
