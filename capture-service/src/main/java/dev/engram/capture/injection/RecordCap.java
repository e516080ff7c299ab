package dev.engram.capture.injection;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a record's details into the stored jsonb body within {@code max-record-bytes}: texts cut
 * (an item's line to 300 characters), then, while the JSON is too long, the longest list halved (a
 * section's items, the omitted items, the skipped sources), and the record marked truncated.
 */
final class RecordCap {

  static final int TEXT_CHARS = 300;
  static final int QUERY_CHARS = 500;

  /** The body as stored, and whether a list had to be cut. */
  record Capped(String json, boolean truncated) {}

  private final ObjectMapper json;
  private final int maxBytes;

  RecordCap(ObjectMapper json, int maxBytes) {
    this.json = json;
    this.maxBytes = maxBytes;
  }

  Capped body(InjectionBatch.Item item) {
    ObjectNode body = json.createObjectNode();
    ArrayNode sections = body.putArray("sections");
    for (InjectionBatch.Section s : item.sections()) {
      ObjectNode section = sections.addObject().put("name", s.name()).put("tokens", s.tokens());
      ArrayNode items = section.putArray("items");
      for (InjectionBatch.Shown shown : s.items()) {
        ObjectNode node = json.valueToTree(shown);
        node.put("text", cut(shown.text(), TEXT_CHARS));
        items.add(node);
      }
    }
    body.set("omitted_items", json.valueToTree(item.omittedItems()));
    body.set("skipped_sources", json.valueToTree(item.skippedSources()));
    String text = write(body);
    boolean truncated = false;
    while (text.getBytes(StandardCharsets.UTF_8).length > maxBytes) {
      System.err.println(
          +maxBytes + " " + text.length() + " " + text.substring(0, Math.min(400, text.length())));
      ArrayNode longest = longest(body);
      if (longest == null) {
        break; // nothing left to cut: only the fixed fields remain
      }
      int keep = longest.size() / 2;
      while (longest.size() > keep) {
        longest.remove(longest.size() - 1);
      }
      truncated = true;
      text = write(body);
    }
    return new Capped(text, truncated);
  }

  static String cut(String text, int chars) {
    if (text == null || text.length() <= chars) {
      return text;
    }
    int end = Character.isHighSurrogate(text.charAt(chars - 1)) ? chars - 1 : chars;
    return text.substring(0, end);
  }

  /** The longest non-empty list; sections themselves only when all their items are gone. */
  private static ArrayNode longest(ObjectNode body) {
    List<ArrayNode> lists = new ArrayList<>();
    lists.add((ArrayNode) body.get("omitted_items"));
    lists.add((ArrayNode) body.get("skipped_sources"));
    ArrayNode sections = (ArrayNode) body.get("sections");
    sections.forEach(s -> lists.add((ArrayNode) s.get("items")));
    ArrayNode longest = null;
    for (ArrayNode list : lists) {
      if (!list.isEmpty() && (longest == null || list.size() > longest.size())) {
        longest = list;
      }
    }
    return longest != null || sections.isEmpty() ? longest : sections;
  }

  private String write(ObjectNode body) {
    try {
      return json.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
