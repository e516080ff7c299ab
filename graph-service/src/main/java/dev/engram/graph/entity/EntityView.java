package dev.engram.graph.entity;

import dev.engram.graph.neo4j.Neo4jValues;
import java.time.Instant;
import java.util.List;
import org.neo4j.driver.Value;

/**
 * An entity: its display name, normalized name, type, other names it is known by, when it was first
 * seen, how often it is mentioned (by memory and exchange texts, and by facts), and its centrality
 * (PageRank, null until first computed).
 */
public record EntityView(
    String id,
    String name,
    String normalizedName,
    String type,
    List<String> aliases,
    Instant firstSeen,
    long mentionCount,
    Double centrality) {

  /** A map projection of entity {@code e} that {@link #of} reads. */
  public static final String PROJECTION =
      """
      e {.id, .name, .normalized_name, .type, .first_seen, .mention_count, .centrality,
         aliases: [(a:Alias)-[:ALIAS_OF]->(e) WHERE a.key <> e.normalized_name | a.name]}""";

  public static EntityView of(Value e) {
    return new EntityView(
        e.get("id").asString(),
        e.get("name").asString(),
        e.get("normalized_name").asString(),
        Neo4jValues.string(e.get("type")),
        Neo4jValues.strings(e.get("aliases")).stream().sorted().toList(),
        Neo4jValues.instant(e.get("first_seen")),
        e.get("mention_count").asLong(0),
        Neo4jValues.decimal(e.get("centrality")));
  }
}
