package dev.engram.graph.fact;

import dev.engram.graph.neo4j.Neo4jValues;
import java.time.Instant;
import java.util.List;
import org.neo4j.driver.Record;

/**
 * A fact as the public API shows it: world time (valid_from/valid_to) and system time
 * (recorded_at/invalidated_at); {@code current} while it is not invalidated; {@code invalidated_by}
 * names the newer fact that ended it under a functional predicate.
 */
public record FactView(
    long id,
    EntityRef subject,
    String predicate,
    EntityRef object,
    Instant validFrom,
    Instant validTo,
    Instant recordedAt,
    Instant invalidatedAt,
    Long invalidatedBy,
    boolean current,
    double confidence,
    List<Long> sourceMemoryIds,
    String status,
    String scope,
    String agent,
    String chat) {

  /** An entity at one end of a fact. */
  public record EntityRef(String id, String name) {}

  /**
   * The columns {@link #of} reads, for a fact {@code f} from {@code s} to {@code o}; append to a
   * RETURN.
   */
  public static final String COLUMNS =
      """
      f.id AS id, s.id AS subject_id, s.name AS subject_name, f.predicate AS predicate,
      o.id AS object_id, o.name AS object_name, f.valid_from AS valid_from,
      f.valid_to AS valid_to, f.recorded_at AS recorded_at, f.invalidated_at AS invalidated_at,
      f.invalidated_by AS invalidated_by, f.confidence AS confidence,
      f.source_memory_ids AS source_memory_ids, f.status AS status, f.scope AS scope,
      f.agent AS agent, f.chat AS chat""";

  public static FactView of(Record row) {
    Instant invalidatedAt = Neo4jValues.instant(row.get("invalidated_at"));
    return new FactView(
        row.get("id").asLong(),
        new EntityRef(row.get("subject_id").asString(), row.get("subject_name").asString()),
        row.get("predicate").asString(),
        new EntityRef(row.get("object_id").asString(), row.get("object_name").asString()),
        Neo4jValues.instant(row.get("valid_from")),
        Neo4jValues.instant(row.get("valid_to")),
        Neo4jValues.instant(row.get("recorded_at")),
        invalidatedAt,
        row.get("invalidated_by").isNull() ? null : row.get("invalidated_by").asLong(),
        invalidatedAt == null,
        row.get("confidence").asDouble(1.0),
        Neo4jValues.longs(row.get("source_memory_ids")),
        Neo4jValues.string(row.get("status")),
        Neo4jValues.string(row.get("scope")),
        Neo4jValues.string(row.get("agent")),
        Neo4jValues.string(row.get("chat")));
  }
}
