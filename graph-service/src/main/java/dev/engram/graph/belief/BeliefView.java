package dev.engram.graph.belief;

import dev.engram.graph.neo4j.Neo4jValues;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import org.neo4j.driver.Record;
import org.neo4j.driver.Value;

/**
 * A belief: a statement with a truth value, how much evidence revised it, whether it is recorded as
 * a contradiction, and its latest evidence (newest first).
 */
public record BeliefView(
    String id,
    String statement,
    double strength,
    double confidence,
    long evidenceCount,
    boolean contradicted,
    Instant createdAt,
    Instant updatedAt,
    List<Evidence> evidence) {

  static final int SHOWN_EVIDENCE = 20;

  /**
   * One piece of evidence and the rule and weight it was revised with (NAL: its evidence weight;
   * EMA: the step λ; null for evidence recorded before rules were selectable, which was NAL).
   */
  public record Evidence(
      String id,
      double strength,
      double confidence,
      double weight,
      String rule,
      boolean contradicting,
      String source,
      List<Long> memoryIds,
      Instant recordedAt) {}

  static BeliefView of(Record row) {
    Value b = row.get("belief");
    List<Evidence> evidence =
        row.get("evidence").asList(BeliefView::evidence).stream()
            .sorted(Comparator.comparing(Evidence::recordedAt).reversed())
            .limit(SHOWN_EVIDENCE)
            .toList();
    return new BeliefView(
        b.get("id").asString(),
        b.get("statement").asString(),
        b.get("strength").asDouble(),
        b.get("confidence").asDouble(),
        b.get("evidence_count").asLong(),
        b.get("contradicted").asBoolean(false),
        Neo4jValues.instant(b.get("created_at")),
        Neo4jValues.instant(b.get("updated_at")),
        evidence);
  }

  private static Evidence evidence(Value v) {
    return new Evidence(
        v.get("id").asString(),
        v.get("strength").asDouble(),
        v.get("confidence").asDouble(),
        v.get("weight").asDouble(),
        Neo4jValues.string(v.get("rule")),
        v.get("contradicting").asBoolean(false),
        Neo4jValues.string(v.get("source")),
        Neo4jValues.longs(v.get("memory_ids")),
        Neo4jValues.instant(v.get("recorded_at")));
  }
}
