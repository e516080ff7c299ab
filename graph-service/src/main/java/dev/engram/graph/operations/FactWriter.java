package dev.engram.graph.operations;

import static dev.engram.graph.neo4j.Neo4jValues.time;

import dev.engram.common.config.FactsConfig;
import dev.engram.graph.entity.EntityResolver;
import dev.engram.graph.entity.EntityTypes;
import dev.engram.graph.entity.NameUse;
import dev.engram.graph.neo4j.Neo4jValues;
import dev.engram.graph.operations.GraphOperationsRequest.FactDoc;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.neo4j.driver.Record;

/**
 * Projects facts: resolves subject and object to entities, writes the FACT relationships (skipping
 * versions older than stored), and notes the functional chains to recompute at the end.
 */
@ApplicationScoped
class FactWriter {

  private final EntityResolver resolver;
  private final Set<String> functional;

  FactWriter(EntityResolver resolver, FactsConfig facts) {
    this.resolver = resolver;
    this.functional = Set.copyOf(facts.functionalPredicates());
  }

  boolean functional(String predicate) {
    return functional.contains(predicate);
  }

  void upsert(TenantBatch batch, List<FactDoc> facts) {
    Map<Long, Long> stored = new HashMap<>();
    List<Long> ids = facts.stream().map(FactDoc::id).distinct().toList();
    batch.run(
        FactQueries.EXISTING,
        Map.of("ids", ids),
        row -> {
          stored.put(row.get("id").asLong(), row.get("version").asLong());
          noteOld(batch, row);
          return null;
        });
    // The newest accepted version of each fact wins; older ones are skipped.
    Map<Long, FactDoc> accepted = new LinkedHashMap<>();
    for (FactDoc fact : facts) {
      Long current = stored.get(fact.id());
      if (current != null && fact.version() < current) {
        batch.skipped++;
        continue;
      }
      stored.put(fact.id(), fact.version());
      accepted.remove(fact.id());
      accepted.put(fact.id(), fact);
      batch.applied++;
    }
    if (accepted.isEmpty()) {
      return;
    }
    List<NameUse> uses = new ArrayList<>();
    for (FactDoc fact : accepted.values()) {
      uses.add(NameUse.of(fact.subject(), EntityTypes.subjectOf(fact.predicate()), seen(fact)));
      uses.add(NameUse.of(fact.object(), EntityTypes.objectOf(fact.predicate()), seen(fact)));
    }
    Map<String, String> entities = resolver.resolve(batch.tx(), batch.tenant, uses);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (FactDoc fact : accepted.values()) {
      NameUse subject = NameUse.of(fact.subject(), "", seen(fact));
      NameUse object = NameUse.of(fact.object(), "", seen(fact));
      String subjectId = entities.get(subject.key());
      String objectId = entities.get(object.key());
      Map<String, Object> row = new HashMap<>();
      row.put("id", fact.id());
      row.put("subject_id", subjectId);
      row.put("object_id", objectId);
      row.put("subject_key", subject.key());
      row.put("object_key", object.key());
      row.put("sources", sources(fact));
      row.put("props", properties(fact, subject, object));
      rows.add(row);
      batch.modedFacts.add(fact.id());
      batch.entities.add(subjectId);
      batch.entities.add(objectId);
      if (fact.chat() != null) {
        batch.chats.add(fact.chat());
      }
      if (functional(fact.predicate())) {
        batch.chains.add(
            ChainKey.of(
                subjectId, fact.predicate(), fact.scope().name(), fact.agent(), fact.chat()));
      }
    }
    batch.run(FactQueries.UPSERT, Map.of("rows", rows));
  }

  /** Deletes one fact (delete_fact); a missing one is a no-op. */
  void delete(TenantBatch batch, long id) {
    remove(batch, id);
    batch.applied++;
  }

  /** Deletes one fact and notes what it leaves to tidy. */
  void remove(TenantBatch batch, long id) {
    List<Record> gone = batch.run(FactQueries.DELETE, Map.of("id", id), row -> row);
    gone.forEach(row -> noteOld(batch, row));
  }

  /** Keeps a fact with fewer sources (one of them was forgotten). */
  void setSources(TenantBatch batch, long id, List<Long> sources) {
    batch.run(FactQueries.SET_SOURCES, Map.of("id", id, "sources", sources));
    batch.modedFacts.add(id);
  }

  /** What a fact being replaced or removed leaves to tidy: its ends, chain and sources. */
  void noteOld(TenantBatch batch, Record row) {
    String subject = row.get("subject").asString();
    batch.entities.add(subject);
    batch.entities.add(row.get("object").asString());
    batch.placeholders.addAll(Neo4jValues.longs(row.get("sources")));
    String predicate = row.get("predicate").asString();
    if (functional(predicate)) {
      batch.chains.add(
          ChainKey.of(
              subject,
              predicate,
              row.get("scope").asString(),
              Neo4jValues.string(row.get("agent")),
              Neo4jValues.string(row.get("chat"))));
    }
  }

  private static Map<String, Object> properties(FactDoc fact, NameUse subject, NameUse object) {
    Map<String, Object> props = new HashMap<>();
    props.put("version", fact.version());
    props.put("agent", fact.agent());
    props.put("chat", fact.chat());
    props.put("scope", fact.scope().name());
    props.put("predicate", fact.predicate());
    props.put("subject", subject.name());
    props.put("object", object.name());
    props.put("subject_key", subject.key());
    props.put("object_key", object.key());
    props.put("valid_from", time(fact.validFrom()));
    props.put("recorded_at", time(fact.recordedAt()));
    // As stated by the record; the effective ends may also be derived (FunctionalChain).
    props.put("stated_valid_to", time(fact.validTo()));
    props.put("stated_invalidated_at", time(fact.invalidatedAt()));
    props.put("valid_to", time(fact.validTo()));
    props.put("invalidated_at", time(fact.invalidatedAt()));
    props.put("invalidated_by", null);
    props.put("confidence", fact.confidence() == null ? 1.0 : fact.confidence());
    props.put("source_memory_ids", sources(fact));
    props.put("status", fact.status() == null ? "ACTIVE" : fact.status().toUpperCase());
    return props;
  }

  private static List<Long> sources(FactDoc fact) {
    return fact.sourceMemoryIds() == null
        ? List.of()
        : fact.sourceMemoryIds().stream().distinct().toList();
  }

  /** When Engram first saw the names: the fact's system time. */
  private static java.time.Instant seen(FactDoc fact) {
    return fact.recordedAt();
  }
}
