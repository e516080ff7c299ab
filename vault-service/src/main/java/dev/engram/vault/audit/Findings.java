package dev.engram.vault.audit;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** One list of findings: the complete count, and the first {@code limit} items named. */
final class Findings {

  private final int limit;
  private final ArrayNode items = JsonNodeFactory.instance.arrayNode();
  private long count;

  Findings(int limit) {
    this.limit = limit;
  }

  /** Counts one finding; returns its item to fill in, or a detached one once the list is full. */
  ObjectNode add() {
    count++;
    return items.size() < limit ? items.addObject() : JsonNodeFactory.instance.objectNode();
  }

  long count() {
    return count;
  }

  ObjectNode json() {
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    json.put("count", count);
    json.put("truncated", count > items.size());
    json.set("items", items);
    return json;
  }
}
