package dev.engram.graph.operations;

import dev.engram.graph.neo4j.Neo4jValues;
import dev.engram.graph.operations.GraphOperationsRequest.RelationDoc;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.neo4j.driver.Record;

/** Projects typed relations between memories, skipping versions older than stored. */
@ApplicationScoped
class RelationWriter {

  void upsert(TenantBatch batch, List<RelationDoc> relations) {
    Map<Long, Record> stored = new HashMap<>();
    batch.run(
        RelationQueries.EXISTING,
        Map.of("ids", relations.stream().map(RelationDoc::id).distinct().toList()),
        row -> stored.put(row.get("id").asLong(), row));
    Map<Long, Long> versions = new HashMap<>();
    stored.forEach((id, row) -> versions.put(id, row.get("version").asLong()));
    Map<Long, RelationDoc> accepted = new LinkedHashMap<>();
    for (RelationDoc relation : relations) {
      Long current = versions.get(relation.id());
      if (current != null && relation.version() < current) {
        batch.skipped++;
        continue;
      }
      versions.put(relation.id(), relation.version());
      accepted.remove(relation.id());
      accepted.put(relation.id(), relation);
      batch.applied++;
    }
    Map<RelationType, List<Map<String, Object>>> byType = new EnumMap<>(RelationType.class);
    for (RelationDoc relation : accepted.values()) {
      Record old = stored.get(relation.id());
      if (old != null
          && (!old.get("type").asString().equals(relation.type().name())
              || old.get("from").asLong() != relation.fromMemory()
              || old.get("to").asLong() != relation.toMemory())) {
        delete(batch, relation.id());
      }
      Map<String, Object> row = new HashMap<>();
      row.put("id", relation.id());
      row.put("version", relation.version());
      row.put("from", relation.fromMemory());
      row.put("to", relation.toMemory());
      row.put("weight", relation.weight() == null ? 1.0 : relation.weight());
      row.put("created_at", Neo4jValues.time(relation.createdAt()));
      byType.computeIfAbsent(relation.type(), ignored -> new ArrayList<>()).add(row);
    }
    byType.forEach(
        (type, rows) -> batch.run(RelationQueries.UPSERT.get(type), Map.of("rows", rows)));
  }

  /** Removes a relation (delete_relation); a missing one is a no-op. */
  void delete(TenantBatch batch, long id) {
    batch.run(
        RelationQueries.DELETE,
        Map.of("id", id),
        row -> {
          batch.placeholders.add(row.get("from").asLong());
          batch.placeholders.add(row.get("to").asLong());
          return null;
        });
  }
}
