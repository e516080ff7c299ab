package dev.engram.graph.backup;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.graph.operations.RelationType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Checks an imported record and turns it into the parameters of its write statement. */
final class ImportRecords {

  private static final Set<String> RELATION_TYPES =
      Set.copyOf(Arrays.stream(RelationType.values()).map(Enum::name).toList());

  private ImportRecords() {}

  /** Checks one record of {@code stream}; returns its tenant. */
  static String check(BackupStream stream, JsonNode record, long line) {
    String tenant = text(record, "tenant", line);
    JsonNode id = record.get("id");
    if (stream.perTenant() ? id != null : stream.numericId ? !integral(id) : !nonBlank(id)) {
      throw ImportSpool.invalid(
          line,
          stream.wire()
              + ".id must be "
              + (stream.perTenant() ? "absent" : stream.numericId ? "an integer" : "a string"));
    }
    for (Map.Entry<String, JsonNode> field : record.properties()) {
      if (!stream.extras.contains(field.getKey())) {
        checkProperty(stream, field.getKey(), field.getValue(), line);
      }
    }
    if (stream.versionField != null
        && record.has(stream.versionField)
        && !integral(record.get(stream.versionField))) {
      throw ImportSpool.invalid(line, stream.wire() + "." + stream.versionField + " not integral");
    }
    switch (stream) {
      case ENTITIES -> items(record, "aliases", "key", line);
      case MEMORIES, EXCHANGES -> items(record, "mentions", "entity", line);
      case FACTS -> {
        text(record, "subject_id", line);
        text(record, "object_id", line);
        text(record, "subject_key", line);
        text(record, "object_key", line);
      }
      case RELATIONS -> {
        if (!RELATION_TYPES.contains(record.path("type").asText())) {
          throw ImportSpool.invalid(line, "relations.type must be one of " + RELATION_TYPES);
        }
        if (!integral(record.get("from_memory")) || !integral(record.get("to_memory"))) {
          throw ImportSpool.invalid(line, "relations need integer from_memory and to_memory");
        }
      }
      case EVIDENCE -> text(record, "belief_id", line);
      default -> {}
    }
    return tenant;
  }

  /** The statement parameters of one record: tenant, id, props, and the stream's extras. */
  static Map<String, Object> row(BackupStream stream, JsonNode record) {
    Map<String, Object> row = new HashMap<>();
    String tenant = record.get("tenant").asText();
    row.put("tenant", tenant);
    row.put("id", BackupValues.property("id", record.get("id")));
    row.put("props", BackupValues.properties(record, stream.extras));
    switch (stream) {
      case ENTITIES -> row.put("aliases", nested(record.path("aliases"), tenant, Set.of()));
      case MEMORIES, EXCHANGES -> {
        List<Map<String, Object>> mentions = new ArrayList<>();
        for (JsonNode mention : record.path("mentions")) {
          mentions.add(
              Map.of(
                  "entity",
                  mention.get("entity").asText(),
                  "props",
                  nested(List.of(mention), tenant, Set.of("entity")).getFirst()));
        }
        row.put("mentions", mentions);
      }
      case FACTS -> {
        row.put("subject_id", record.get("subject_id").asText());
        row.put("object_id", record.get("object_id").asText());
        Object sources =
            BackupValues.property("source_memory_ids", record.get("source_memory_ids"));
        row.put("sources", sources == null ? List.of() : sources);
      }
      case RELATIONS -> {
        row.put("type", record.get("type").asText());
        row.put("from_memory", record.get("from_memory").asLong());
        row.put("to_memory", record.get("to_memory").asLong());
      }
      default -> {}
    }
    return row;
  }

  /** The record's version for a merge import, or null (none, or a placeholder). */
  static Long version(BackupStream stream, JsonNode record) {
    JsonNode version = stream.versionField == null ? null : record.get(stream.versionField);
    return version == null || version.isNull() ? null : version.asLong();
  }

  private static List<Map<String, Object>> nested(
      Iterable<JsonNode> items, String tenant, Set<String> without) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (JsonNode item : items) {
      Map<String, Object> props = new LinkedHashMap<>(BackupValues.properties(item, without));
      props.put("tenant", tenant);
      out.add(props);
    }
    return out;
  }

  private static void checkProperty(BackupStream stream, String field, JsonNode value, long line) {
    boolean scalar = value.isValueNode();
    if (value.isArray()) {
      scalar = true;
      for (JsonNode item : value) {
        scalar &= item.isValueNode() && !item.isNull();
      }
    }
    if (!scalar) {
      throw ImportSpool.invalid(
          line, stream.wire() + "." + field + " must be a value or a list of values");
    }
    try {
      BackupValues.property(field, value);
    } catch (IllegalArgumentException e) {
      throw ImportSpool.invalid(line, stream.wire() + "." + e.getMessage());
    }
  }

  private static void items(JsonNode record, String field, String required, long line) {
    JsonNode items = record.get(field);
    if (items == null || items.isNull()) {
      return;
    }
    if (!items.isArray()) {
      throw ImportSpool.invalid(line, field + " must be a list");
    }
    for (JsonNode item : items) {
      if (!item.isObject() || !nonBlank(item.get(required)) || !nonBlank(item.get("key"))) {
        throw ImportSpool.invalid(line, "each of " + field + " needs " + required + " and key");
      }
      for (Map.Entry<String, JsonNode> e : item.properties()) {
        if (!e.getValue().isValueNode()) {
          throw ImportSpool.invalid(line, field + "." + e.getKey() + " must be a value");
        }
      }
    }
  }

  private static String text(JsonNode record, String field, long line) {
    JsonNode value = record.get(field);
    if (!nonBlank(value)) {
      throw ImportSpool.invalid(line, field + " must be a non-blank string");
    }
    return value.asText();
  }

  private static boolean nonBlank(JsonNode value) {
    return value != null && value.isTextual() && !value.asText().isBlank();
  }

  private static boolean integral(JsonNode value) {
    return value != null && value.isIntegralNumber() && value.canConvertToLong();
  }
}
