package dev.engram.graph.operations;

import dev.engram.graph.neo4j.Neo4jValues;
import java.time.Instant;
import java.util.List;
import org.neo4j.driver.Value;

/**
 * A merge of entity {@code from_id} into {@code into}: manual (an admin merged them) or fuzzy (a
 * new name was resolved to a similar known one on write, with {@code score}). {@code keys} are the
 * normalized names that moved; {@code reverted_at} is set once undone.
 */
public record MergeView(
    String id,
    String into,
    String fromId,
    String fromName,
    List<String> keys,
    String method,
    Double score,
    Instant mergedAt,
    Instant revertedAt) {

  static MergeView of(Value m) {
    return new MergeView(
        m.get("id").asString(),
        m.get("into").asString(),
        m.get("from_id").asString(),
        m.get("from_name").asString(),
        Neo4jValues.strings(m.get("keys")),
        m.get("method").asString(),
        Neo4jValues.decimal(m.get("score")),
        Neo4jValues.instant(m.get("merged_at")),
        Neo4jValues.instant(m.get("reverted_at")));
  }
}
