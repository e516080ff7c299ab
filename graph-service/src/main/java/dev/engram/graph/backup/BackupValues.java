package dev.engram.graph.backup;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Property values between Neo4j and the export's JSON. Every property is exported as stored;
 * DATETIMEs become ISO-8601 instants and turn back into DATETIMEs on import (by field name, since
 * JSON has no time type); integers stay integers and floats floats, so a restored property has the
 * type it had.
 */
final class BackupValues {

  /** Every DATETIME property graph-service writes. */
  static final Set<String> TIME_FIELDS =
      Set.of(
          "first_seen",
          "from_first_seen",
          "created_at",
          "updated_at",
          "occurred_at",
          "valid_from",
          "valid_to",
          "recorded_at",
          "invalidated_at",
          "stated_valid_to",
          "stated_invalidated_at",
          "merged_at",
          "reverted_at");

  private BackupValues() {}

  /**
   * A record for the export: {@code tenant} and {@code id} first, then the other fields in name
   * order (stable lines, diff-able archives).
   */
  static Map<String, Object> record(Map<String, Object> properties) {
    Map<String, Object> out = new LinkedHashMap<>();
    Map<String, Object> sorted = new TreeMap<>(properties);
    for (String first : List.of("tenant", "id")) {
      if (sorted.containsKey(first)) {
        out.put(first, json(sorted.remove(first)));
      }
    }
    sorted.forEach((key, value) -> out.put(key, json(value)));
    return out;
  }

  /** A value from the driver as JSON-ready Java: times as instants, lists and maps recursively. */
  static Object json(Object value) {
    return switch (value) {
      case null -> null;
      case ZonedDateTime time -> time.toInstant().toString();
      case OffsetDateTime time -> time.toInstant().toString();
      case String text -> text;
      case Number number -> number;
      case Boolean bool -> bool;
      case List<?> list -> list.stream().map(BackupValues::json).toList();
      case Map<?, ?> map -> {
        Map<String, Object> out = new LinkedHashMap<>();
        new TreeMap<>(map).forEach((k, v) -> out.put(String.valueOf(k), json(v)));
        yield out;
      }
      default ->
          // Nothing graph-service writes (points, durations, dates): it would not round-trip.
          throw new IllegalStateException(
              "cannot export a property of type " + value.getClass().getSimpleName());
    };
  }

  /** A JSON field of an imported record as a Neo4j property value. */
  static Object property(String field, JsonNode value) {
    if (value == null || value.isNull()) {
      return null;
    }
    if (value.isTextual() && TIME_FIELDS.contains(field)) {
      try {
        return Instant.parse(value.asText()).atOffset(ZoneOffset.UTC);
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException(field + " is not an ISO-8601 instant");
      }
    }
    if (value.isIntegralNumber()) {
      if (!value.canConvertToLong()) {
        throw new IllegalArgumentException(field + " is out of range");
      }
      return value.asLong();
    }
    if (value.isNumber()) {
      return value.asDouble();
    }
    if (value.isBoolean()) {
      return value.asBoolean();
    }
    if (value.isTextual()) {
      return value.asText();
    }
    if (value.isArray()) {
      List<Object> list = new ArrayList<>();
      value.forEach(item -> list.add(property(field, item)));
      return list;
    }
    Map<String, Object> map = new LinkedHashMap<>();
    value.properties().forEach(e -> map.put(e.getKey(), property(e.getKey(), e.getValue())));
    return map;
  }

  /** The properties of a record: every field but the stream's extras. */
  static Map<String, Object> properties(JsonNode record, Set<String> extras) {
    Map<String, Object> props = new LinkedHashMap<>();
    record
        .properties()
        .forEach(
            e -> {
              if (!extras.contains(e.getKey())) {
                props.put(e.getKey(), property(e.getKey(), e.getValue()));
              }
            });
    return props;
  }
}
