package dev.engram.graph.backup;

import dev.engram.graph.operations.RelationType;

/**
 * Cypher reading every tenant's graph for the export, one statement per stream, each in (tenant,
 * id) order. Properties are read whole ({@code properties(n)}), so a property added later is
 * exported without changing this file.
 */
final class ExportQueries {

  private ExportQueries() {}

  static String of(BackupStream stream) {
    return switch (stream) {
      case ENTITIES ->
          """
          MATCH (e:Entity) WHERE e.tenant IS NOT NULL
          RETURN properties(e) AS props,
                 {aliases: [(a:Alias)-[:ALIAS_OF]->(e) | properties(a)]} AS extras
          ORDER BY e.tenant, e.id""";
      case MERGES -> nodes("EntityMerge");
      case MEMORIES -> mentioning("Memory");
      case EXCHANGES -> mentioning("Exchange");
      case FACTS ->
          """
          MATCH (s:Entity)-[f:FACT]->(o:Entity) WHERE f.tenant IS NOT NULL
          RETURN properties(f) AS props, {subject_id: s.id, object_id: o.id} AS extras
          ORDER BY f.tenant, f.id""";
      case RELATIONS ->
          """
          MATCH (a:Memory)-[r:%s]->(b:Memory) WHERE r.tenant IS NOT NULL
          RETURN properties(r) AS props,
                 {type: type(r), from_memory: a.id, to_memory: b.id} AS extras
          ORDER BY r.tenant, r.id"""
              .formatted(RelationType.ANY);
      case BELIEFS -> nodes("Belief");
      case EVIDENCE ->
          """
          MATCH (v:Evidence) WHERE v.tenant IS NOT NULL
          RETURN properties(v) AS props, {} AS extras
          ORDER BY v.tenant, v.belief_id, v.recorded_at, v.id""";
      case BELIEF_SETTINGS ->
          """
          MATCH (s:BeliefSettings) WHERE s.tenant IS NOT NULL
          RETURN properties(s) AS props, {} AS extras
          ORDER BY s.tenant""";
    };
  }

  private static String nodes(String label) {
    return """
        MATCH (n:%s) WHERE n.tenant IS NOT NULL
        RETURN properties(n) AS props, {} AS extras
        ORDER BY n.tenant, n.id"""
        .formatted(label);
  }

  /** Memories and exchanges with the entities their text mentions (and the key it was under). */
  private static String mentioning(String label) {
    return """
        MATCH (n:%s) WHERE n.tenant IS NOT NULL
        RETURN properties(n) AS props,
               {mentions: [(n)-[r:MENTIONS]->(e:Entity) | r {.*, entity: e.id}]} AS extras
        ORDER BY n.tenant, n.id"""
        .formatted(label);
  }
}
