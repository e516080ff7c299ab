package dev.engram.console.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an injection item's reference and signals leniently: recall names an item as {@code
 * {"kind":"memory","id":41}}, a text such as {@code memory:41} reads as well, and anything else is
 * shown as it came.
 */
final class Refs {

  private static final Pattern MEMORY = Pattern.compile("(?i)memory[:/# ]?(\\d{1,18})");

  private Refs() {}

  static String label(JsonNode ref) {
    if (ref == null || ref.isNull() || ref.isMissingNode()) {
      return "—";
    }
    if (ref.isObject() && ref.has("id")) {
      String kind = ref.path("kind").asText("item");
      return kind + " " + ref.path("id").asText();
    }
    return ref.isValueNode() ? ref.asText() : ref.toString();
  }

  static Long memoryId(JsonNode ref) {
    if (ref == null) {
      return null;
    }
    if (ref.isObject()) {
      JsonNode id = ref.path("id");
      return "memory".equals(ref.path("kind").asText()) && id.canConvertToLong()
          ? id.asLong()
          : null;
    }
    if (ref.isTextual()) {
      Matcher m = MEMORY.matcher(ref.asText().strip());
      return m.matches() ? Long.parseLong(m.group(1)) : null;
    }
    return null;
  }

  /** A map of signal to {rank, score}, best rank first; a list or text as it came; null: none. */
  static String signals(JsonNode signals) {
    if (signals == null || signals.isNull() || signals.isMissingNode()) {
      return null;
    }
    if (signals.isObject()) {
      List<Map.Entry<String, JsonNode>> found = new ArrayList<>();
      signals.fields().forEachRemaining(found::add);
      found.sort(
          Comparator.comparingInt((Map.Entry<String, JsonNode> e) -> rank(e.getValue()))
              .thenComparing(Map.Entry::getKey));
      List<String> parts = new ArrayList<>();
      for (Map.Entry<String, JsonNode> e : found) {
        JsonNode v = e.getValue();
        String part = e.getKey();
        if (v.has("rank")) {
          part += " #" + v.path("rank").asText();
        }
        if (v.has("score")) {
          part += " (" + v.path("score").asText() + ")";
        } else if (v.isValueNode()) {
          part += " (" + v.asText() + ")";
        }
        parts.add(part);
      }
      return parts.isEmpty() ? null : String.join(", ", parts);
    }
    if (signals.isArray()) {
      List<String> parts = new ArrayList<>();
      signals.forEach(v -> parts.add(v.isValueNode() ? v.asText() : v.toString()));
      return parts.isEmpty() ? null : String.join(", ", parts);
    }
    return signals.asText();
  }

  private static int rank(JsonNode v) {
    return v.has("rank") ? v.path("rank").asInt(Integer.MAX_VALUE) : Integer.MAX_VALUE;
  }
}
