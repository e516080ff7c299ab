package dev.engram.graph.operations;

import static dev.engram.graph.neo4j.Neo4jValues.time;

import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.entity.EntityResolver;
import dev.engram.graph.entity.NameUse;
import dev.engram.graph.operations.GraphOperationsRequest.ExchangeDoc;
import dev.engram.graph.operations.GraphOperationsRequest.MemoryDoc;
import dev.engram.graph.text.MentionExtractor;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Projects memories and exchanges, linking each to the entities its text names (found by {@link
 * MentionExtractor}, resolved like fact names).
 */
@ApplicationScoped
class MemoryWriter {

  private final MentionExtractor extractor;
  private final EntityResolver resolver;
  private final int maxScannedChars;

  MemoryWriter(MentionExtractor extractor, EntityResolver resolver, GraphConfig config) {
    this.extractor = extractor;
    this.resolver = resolver;
    this.maxScannedChars = config.operations().maxScannedChars();
  }

  void upsertMemories(TenantBatch batch, List<MemoryDoc> memories) {
    Set<Long> written =
        write(
            batch,
            memories,
            MemoryQueries.MEMORY_VERSIONS,
            MemoryQueries.UPSERT_MEMORIES,
            new Doc<>(MemoryDoc::id, MemoryDoc::version, MemoryDoc::text, MemoryDoc::createdAt),
            MemoryWriter::memoryProperties);
    batch.modedMemories.addAll(written);
  }

  void upsertExchanges(TenantBatch batch, List<ExchangeDoc> exchanges) {
    write(
        batch,
        exchanges,
        MemoryQueries.EXCHANGE_VERSIONS,
        MemoryQueries.UPSERT_EXCHANGES,
        new Doc<>(
            ExchangeDoc::id, ExchangeDoc::version, ExchangeDoc::text, ExchangeDoc::occurredAt),
        MemoryWriter::exchangeProperties);
  }

  /** How to read one kind of document. */
  private record Doc<D>(
      Function<D, Long> id,
      Function<D, Long> version,
      Function<D, String> text,
      Function<D, Instant> at) {}

  /** Writes the documents newer than stored; returns the ids written. */
  private <D> Set<Long> write(
      TenantBatch batch,
      List<D> docs,
      String versionsQuery,
      String upsertQuery,
      Doc<D> doc,
      Function<D, Map<String, Object>> properties) {
    Map<Long, Long> stored = new HashMap<>();
    batch.run(
        versionsQuery,
        Map.of("ids", docs.stream().map(doc.id()).distinct().toList()),
        row -> stored.put(row.get("id").asLong(), row.get("version").asLong()));
    Map<Long, D> accepted = new LinkedHashMap<>();
    for (D d : docs) {
      Long current = stored.get(doc.id().apply(d));
      if (current != null && doc.version().apply(d) < current) {
        batch.skipped++;
        continue;
      }
      stored.put(doc.id().apply(d), doc.version().apply(d));
      accepted.remove(doc.id().apply(d));
      accepted.put(doc.id().apply(d), d);
      batch.applied++;
    }
    if (accepted.isEmpty()) {
      return Set.of();
    }
    Map<Long, List<NameUse>> mentions = new HashMap<>();
    List<NameUse> uses = new ArrayList<>();
    for (D d : accepted.values()) {
      List<NameUse> names =
          extractor.names(scanned(doc.text().apply(d))).stream()
              .map(name -> NameUse.of(name, NameUse.UNKNOWN, doc.at().apply(d)))
              .toList();
      mentions.put(doc.id().apply(d), names);
      uses.addAll(names);
    }
    Map<String, String> entities = resolver.resolve(batch.tx(), batch.tenant, uses);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (D d : accepted.values()) {
      List<Map<String, Object>> links = new ArrayList<>();
      for (NameUse use : mentions.get(doc.id().apply(d))) {
        String entity = entities.get(use.key());
        links.add(Map.of("entity", entity, "key", use.key()));
        batch.entities.add(entity);
      }
      rows.add(Map.of("id", doc.id().apply(d), "props", properties.apply(d), "mentions", links));
    }
    batch.run(
        upsertQuery,
        Map.of("rows", rows),
        row -> batch.entities.addAll(row.get("previous").asList(v -> v.asString())));
    return accepted.keySet();
  }

  private String scanned(String text) {
    return text.length() <= maxScannedChars ? text : text.substring(0, maxScannedChars);
  }

  private static Map<String, Object> memoryProperties(MemoryDoc m) {
    Map<String, Object> props = new HashMap<>();
    props.put("version", m.version());
    props.put("agent", m.agent());
    props.put("chat", m.chat());
    props.put("thread", m.thread());
    props.put("scope", m.scope().name());
    props.put("category", m.category());
    props.put("status", m.status().name());
    props.put("text", m.text());
    props.put("confidence", m.confidence() == null ? 1.0 : m.confidence());
    props.put("created_at", time(m.createdAt()));
    props.put(
        "source_exchange_ids", m.sourceExchangeIds() == null ? List.of() : m.sourceExchangeIds());
    props.put("mode", m.mode()); // null (untagged) removes a mode the memory had
    return props;
  }

  private static Map<String, Object> exchangeProperties(ExchangeDoc x) {
    Map<String, Object> props = new HashMap<>();
    props.put("version", x.version());
    props.put("agent", x.agent());
    props.put("chat", x.chat());
    props.put("thread", x.thread());
    props.put("speaker", x.speaker());
    props.put("text", x.text());
    props.put("occurred_at", time(x.occurredAt()));
    props.put("mode", x.mode());
    return props;
  }
}
