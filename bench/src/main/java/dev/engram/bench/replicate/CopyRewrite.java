package dev.engram.bench.replicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Map;

/**
 * Copy {@code c} of a record: every id the rule names moved to {@code id + c·step} (so copies never
 * collide with the source or each other, and every cross reference lands on the same copy), every
 * chat renamed {@code <chat>~c} (each copy's chat-scoped memories sit in chats of their own, as in
 * the source), everything else (tenant, agent, text, vector, times) unchanged.
 */
record CopyRewrite(int copy, long step) {

  CopyRewrite {
    if (copy < 1 || step < 1 || step > Long.MAX_VALUE / (copy + 1)) {
      throw new IllegalArgumentException("copy " + copy + " with id step " + step);
    }
  }

  /** The rewritten record (a new object; {@code source} is left as it was). */
  ObjectNode apply(StreamRule rule, ObjectNode source) {
    ObjectNode record = source.deepCopy();
    rewrite(rule, record);
    return record;
  }

  private void rewrite(StreamRule rule, ObjectNode record) {
    for (String field : rule.ids()) {
      JsonNode value = record.get(field);
      if (value != null && !value.isNull()) {
        record.set(field, id(value, field));
      }
    }
    for (String field : rule.idLists()) {
      JsonNode value = record.get(field);
      if (value != null && value.isArray()) {
        ArrayNode moved = record.arrayNode();
        value.forEach(item -> moved.add(id(item, field)));
        record.set(field, moved);
      }
    }
    for (String field : rule.chats()) {
      JsonNode value = record.get(field);
      if (value != null && value.isTextual()) {
        record.put(field, value.asText() + "~" + copy);
      }
    }
    for (Map.Entry<String, StreamRule> nested : rule.views().entrySet()) {
      JsonNode view = record.get(nested.getKey());
      if (view instanceof ObjectNode object) {
        rewrite(nested.getValue(), object);
      }
    }
  }

  /** An id as a number or as its decimal text (audit_log.target_id), moved to this copy. */
  JsonNode id(JsonNode value, String field) {
    long id;
    if (value.isIntegralNumber()) {
      id = value.asLong();
    } else if (value.isTextual() && value.asText().matches("\\d{1,18}")) {
      id = Long.parseLong(value.asText());
    } else {
      throw new IllegalArgumentException(field + " is not an id: " + value);
    }
    if (id < 0 || id >= step) {
      // An id at or past the step would collide with a copy's ids (or is a copy's already).
      throw new IllegalArgumentException(
          field + " " + id + " is not below the id step " + step + " (--id-step)");
    }
    long moved = id + copy * step;
    return value.isTextual() ? TextNode.valueOf(Long.toString(moved)) : LongNode.valueOf(moved);
  }
}
