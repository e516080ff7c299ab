package dev.engram.graph.neo4j;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.neo4j.driver.Value;

/** Conversions between Java types and the values the Bolt driver takes and returns. */
public final class Neo4jValues {

  private Neo4jValues() {}

  /** An instant as a Neo4j DATETIME in UTC (the driver has no mapping for Instant), or null. */
  public static OffsetDateTime time(Instant instant) {
    return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
  }

  /** A DATETIME value as an instant, or null. */
  public static Instant instant(Value value) {
    return value == null || value.isNull() ? null : value.asZonedDateTime().toInstant();
  }

  /** A string value, or null. */
  public static String string(Value value) {
    return value == null || value.isNull() ? null : value.asString();
  }

  /** A float value, or null. */
  public static Double decimal(Value value) {
    return value == null || value.isNull() ? null : value.asDouble();
  }

  /** A list of integers (empty when absent). */
  public static List<Long> longs(Value value) {
    return value == null || value.isNull() ? List.of() : value.asList(Value::asLong);
  }

  /** A list of strings (empty when absent). */
  public static List<String> strings(Value value) {
    return value == null || value.isNull() ? List.of() : value.asList(Value::asString);
  }
}
