package dev.engram.vault.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.vault.archive.ArchiveJson;
import dev.engram.vault.source.SnapshotSource.ExportSink;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads graph's export: the memories and exchanges it holds, entities nothing refers to, each
 * entity's centrality (for spikes against the previous audit) and the contradictions.
 */
final class GraphScan implements ExportSink {

  /** What the audit keeps of an entity: its name and its centrality (null: never computed). */
  record Entity(String name, Double centrality) {}

  final IdSets graph = new IdSets();

  /** tenant + NUL + entity id. */
  final Map<String, Entity> entities = new HashMap<>();

  private final Set<String> referenced = new HashSet<>();
  final Findings contradictions;

  /** Per tenant: [CONTRADICTS relations, contradicted beliefs]. */
  final Map<String, long[]> contradictionCounts = new TreeMap<>();

  GraphScan(int limit) {
    contradictions = new Findings(limit);
  }

  @Override
  public void stream(String stream) {}

  @Override
  public void record(String stream, byte[] json) throws IOException {
    JsonNode row = ArchiveJson.MAPPER.readTree(json);
    String tenant = row.path("tenant").asText();
    switch (stream) {
      case "entities" -> {
        JsonNode centrality = row.path("centrality");
        entities.put(
            tenant + '\u0000' + row.path("id").asText(),
            new Entity(
                row.path("name").asText(null),
                centrality.isNumber() ? centrality.asDouble() : null));
      }
      case "memories", "exchanges" -> {
        graph.add(
            tenant,
            stream.equals("memories") ? IdSets.MEMORY : IdSets.EXCHANGE,
            row.path("id").asLong());
        for (JsonNode mention : row.path("mentions")) {
          referenced.add(tenant + '\u0000' + mention.path("entity").asText());
        }
      }
      case "facts" -> {
        referenced.add(tenant + '\u0000' + row.path("subject_id").asText());
        referenced.add(tenant + '\u0000' + row.path("object_id").asText());
      }
      case "relations" -> {
        if ("CONTRADICTS".equalsIgnoreCase(row.path("type").asText())) {
          counts(tenant)[0]++;
          ObjectNode item = contradictions.add();
          item.put("tenant", tenant);
          item.put("kind", "relation");
          item.set("id", row.path("id"));
          item.set("from_memory", row.path("from_memory"));
          item.set("to_memory", row.path("to_memory"));
        }
      }
      case "beliefs" -> {
        if (row.path("contradicted").asBoolean(false)) {
          counts(tenant)[1]++;
          ObjectNode item = contradictions.add();
          item.put("tenant", tenant);
          item.put("kind", "belief");
          item.set("id", row.path("id"));
          item.set("statement", row.path("statement"));
          item.set("strength", row.path("strength"));
        }
      }
      default -> {
        // merges and evidence: nothing to audit
      }
    }
  }

  private long[] counts(String tenant) {
    return contradictionCounts.computeIfAbsent(tenant, t -> new long[2]);
  }

  /** Entities no memory or exchange mentions and no fact connects; in (tenant, id) order. */
  Findings orphans(int limit) {
    Findings orphans = new Findings(limit);
    new TreeMap<>(entities)
        .forEach(
            (key, entity) -> {
              if (!referenced.contains(key)) {
                String[] parts = key.split("\u0000", 2);
                ObjectNode item = orphans.add();
                item.put("tenant", parts[0]);
                item.put("id", parts[1]);
                item.put("name", entity.name());
              }
            });
    return orphans;
  }
}
