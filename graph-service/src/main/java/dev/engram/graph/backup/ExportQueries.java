package dev.engram.graph.backup;

import dev.engram.graph.operations.RelationType;

/**
 * Cypher reading every tenant's graph for the export, one statement per stream. Properties are read
 * whole ({@code properties(n)}), so a property added later is exported without changing this file.
 *
 * <p>No statement sorts: a sort is eager, so Neo4j holds every row of a stream in its heap before
 * sending the first, and the sorted export of a 208k-memory graph (372k relations) failed with
 * "Java heap space" in the launcher's 512 MiB Neo4j. Unsorted, rows stream as the store reads them
 * (not yet re-run at that size). Nothing reads the order: an import keys every record on (tenant,
 * id) and an audit collects ids.
 */
final class ExportQueries {

  private ExportQueries() {}

  static String of(BackupStream stream) {
    return switch (stream) {
      case ENTITIES ->
          """
          MATCH (e:Entity) WHERE e.tenant IS NOT NULL
          RETURN properties(e) AS props,
                 {aliases: [(a:Alias)-[:ALIAS_OF]->(e) | properties(a)]} AS extras""";
      case MERGES -> nodes("EntityMerge");
      case MEMORIES -> mentioning("Memory");
      case EXCHANGES -> mentioning("Exchange");
      case FACTS ->
          """
          MATCH (s:Entity)-[f:FACT]->(o:Entity) WHERE f.tenant IS NOT NULL
          RETURN properties(f) AS props, {subject_id: s.id, object_id: o.id} AS extras""";
      case RELATIONS ->
          """
          MATCH (a:Memory)-[r:%s]->(b:Memory) WHERE r.tenant IS NOT NULL
          RETURN properties(r) AS props,
                 {type: type(r), from_memory: a.id, to_memory: b.id} AS extras"""
              .formatted(RelationType.ANY);
      case BELIEFS -> nodes("Belief");
      case EVIDENCE ->
          """
          MATCH (v:Evidence) WHERE v.tenant IS NOT NULL
          RETURN properties(v) AS props, {} AS extras""";
      case BELIEF_SETTINGS ->
          """
          MATCH (s:BeliefSettings) WHERE s.tenant IS NOT NULL
          RETURN properties(s) AS props, {} AS extras""";
    };
  }

  private static String nodes(String label) {
    return """
        MATCH (n:%s) WHERE n.tenant IS NOT NULL
        RETURN properties(n) AS props, {} AS extras"""
        .formatted(label);
  }

  /**
   * Memories and exchanges with the entities their text mentions (and the key it was under). A
   * mention's other properties are the copy of its item's order ({@code LinkOrder}, derived; an
   * import sets them again), so a mention is read by name, not whole.
   */
  private static String mentioning(String label) {
    return """
        MATCH (n:%s) WHERE n.tenant IS NOT NULL
        RETURN properties(n) AS props,
               {mentions: [(n)-[r:MENTIONS]->(e:Entity) | r {.tenant, .key, entity: e.id}]}
                 AS extras"""
        .formatted(label);
  }
}
