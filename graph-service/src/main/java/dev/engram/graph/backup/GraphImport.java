package dev.engram.graph.backup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.error.EngramException;
import dev.engram.graph.GraphError;
import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.operations.ProjectionRepair;
import dev.engram.graph.operations.RelationType;
import dev.engram.graph.operations.TenantReset;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * The import of a graph export (docs/backup-format.md, section 6). The body is checked whole first
 * ({@link ImportSpool}); only then is anything written, in chunks of {@code
 * engram.graph.backup.import-chunk-size} records, each chunk one transaction. A replace first
 * empties the tenants the records belong to (projection, beliefs and evidence). Not atomic as a
 * whole: a failure part-way (Neo4j unavailable, a record naming a missing entity) leaves the chunks
 * before it committed; every write is a MERGE on (tenant, id), so running the same restore again
 * completes it.
 */
@ApplicationScoped
class GraphImport {

  private static final Logger LOG = Logger.getLogger(GraphImport.class);

  private final Neo4jClient neo4j;
  private final TenantReset reset;
  private final ProjectionRepair repair;
  private final ObjectMapper json;
  private final int chunkSize;
  private final Duration timeout;

  GraphImport(
      Neo4jClient neo4j,
      TenantReset reset,
      ProjectionRepair repair,
      ObjectMapper json,
      GraphConfig config) {
    this.neo4j = neo4j;
    this.reset = reset;
    this.repair = repair;
    this.json = json;
    this.chunkSize = config.backup().importChunkSize();
    this.timeout = config.operations().batchTimeout();
  }

  ImportResponse load(InputStream body, ImportMode mode, boolean dryRun) {
    try (ImportSpool spool = ImportSpool.read(body, json)) {
      Map<String, StreamCounts.Builder> counts = new LinkedHashMap<>();
      spool.received.forEach((stream, n) -> counts.put(stream, new StreamCounts.Builder(n)));
      if (mode == ImportMode.REPLACE && !dryRun) {
        for (String tenant : spool.tenants) {
          reset.reset(tenant);
          for (String statement : ImportQueries.RESET_BELIEFS) {
            neo4j.write(statement, Map.of("tenant", tenant), row -> row, timeout);
          }
        }
      }
      apply(spool, mode, dryRun, counts);
      Map<String, StreamCounts> result = new LinkedHashMap<>();
      counts.forEach((stream, builder) -> result.put(stream, builder.build()));
      LOG.infof(
          "Graph import (%s%s) of tenants %s: %s",
          mode, dryRun ? ", dry run" : "", spool.tenants, result);
      return new ImportResponse(!dryRun, result);
    }
  }

  /** Reads the spool back, chunk by chunk of one stream. */
  private void apply(
      ImportSpool spool,
      ImportMode mode,
      boolean dryRun,
      Map<String, StreamCounts.Builder> counts) {
    try (BufferedReader lines = Files.newBufferedReader(spool.file, StandardCharsets.UTF_8)) {
      BackupStream current = null;
      List<JsonNode> chunk = new ArrayList<>();
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        int tab = line.indexOf('\t');
        BackupStream stream = BackupStream.of(line.substring(0, tab)).orElseThrow();
        if ((stream != current || chunk.size() >= chunkSize) && !chunk.isEmpty()) {
          chunk(current, chunk, mode, dryRun, counts.get(current.wire()));
          chunk = new ArrayList<>();
        }
        current = stream;
        chunk.add(json.readTree(line.substring(tab + 1)));
      }
      if (!chunk.isEmpty()) {
        chunk(current, chunk, mode, dryRun, counts.get(current.wire()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the import spool back", e);
    }
  }

  /**
   * One chunk in one transaction. A replace (the tenants emptied) inserts every record; a merge
   * inserts what is missing, updates what has a higher version than stored, and leaves the rest:
   * records without a version (entities, merges, evidence) are kept as the graph has them.
   */
  private void chunk(
      BackupStream stream,
      List<JsonNode> records,
      ImportMode mode,
      boolean dryRun,
      StreamCounts.Builder counts) {
    neo4j.inTransaction(
        timeout,
        tx -> {
          Map<String, Long> stored = new HashMap<>();
          boolean compare = mode == ImportMode.MERGE;
          if (compare) {
            List<Map<String, Object>> keys = new ArrayList<>();
            for (JsonNode record : records) {
              Map<String, Object> key = new HashMap<>();
              key.put("key", key(record));
              key.put("tenant", record.get("tenant").asText());
              key.put("id", BackupValues.property("id", record.get("id")));
              keys.add(key);
            }
            tx.run(
                ImportQueries.existing(stream),
                Map.of("keys", keys),
                row -> {
                  Object version = row.get("version").asObject();
                  stored.put(
                      row.get("key").asString(),
                      version instanceof Number n ? n.longValue() : Long.MIN_VALUE);
                  return row;
                });
          }
          List<JsonNode> writes = new ArrayList<>();
          for (JsonNode record : records) {
            Long was = compare ? stored.get(key(record)) : null;
            if (was == null) {
              counts.inserted++;
              writes.add(record);
            } else if (stream.versionField != null
                && ImportRecords.version(stream, record) != null
                && ImportRecords.version(stream, record) > was) {
              counts.updated++;
              writes.add(record);
            } else {
              counts.unchanged++;
            }
          }
          if (!dryRun && !writes.isEmpty()) {
            write(tx, stream, writes);
            if (compare) {
              repair(tx, stream, writes);
            }
          }
          return null;
        });
  }

  private static void write(Neo4jClient.Tx tx, BackupStream stream, List<JsonNode> records) {
    Map<RelationType, List<Map<String, Object>>> byType = new LinkedHashMap<>();
    for (JsonNode record : records) {
      RelationType type =
          stream == BackupStream.RELATIONS
              ? RelationType.valueOf(record.get("type").asText())
              : RelationType.SUPPORTS;
      byType.computeIfAbsent(type, t -> new ArrayList<>()).add(ImportRecords.row(stream, record));
    }
    for (Map.Entry<RelationType, List<Map<String, Object>>> group : byType.entrySet()) {
      List<Map<String, Object>> rows = group.getValue();
      List<org.neo4j.driver.Record> result =
          tx.run(ImportQueries.write(stream, group.getKey()), Map.of("rows", rows), row -> row);
      org.neo4j.driver.Record written = result.getFirst();
      boolean complete =
          written.get("written").asLong() == rows.size()
              && (!written.containsKey("linked")
                  || written.get("linked").asLong() == written.get("mentions").asLong());
      if (!complete) {
        // Rolls this chunk back; the chunks before it stay (see the class comment).
        throw new EngramException(
            GraphError.IMPORT_INVALID,
            "A %s record refers to an entity, memory or belief that is neither in the import"
                    .formatted(stream.wire())
                + " (before it) nor in the graph; records from the first of its chunk on were"
                + " not written");
      }
    }
  }

  /**
   * After a merge wrote facts, memories or exchanges: the functional chains of the written facts
   * and the mention counts of the entities they name, as the operations API keeps them (a replace
   * restores both as exported).
   */
  private void repair(Neo4jClient.Tx tx, BackupStream stream, List<JsonNode> records) {
    if (stream != BackupStream.FACTS
        && stream != BackupStream.MEMORIES
        && stream != BackupStream.EXCHANGES) {
      return;
    }
    Map<String, List<Map<String, Object>>> facts = new LinkedHashMap<>();
    Map<String, Set<String>> entities = new LinkedHashMap<>();
    for (JsonNode record : records) {
      String tenant = record.get("tenant").asText();
      Set<String> named = entities.computeIfAbsent(tenant, t -> new HashSet<>());
      if (stream == BackupStream.FACTS) {
        Map<String, Object> fact = new HashMap<>();
        for (String field : List.of("subject_id", "predicate", "scope", "agent", "chat")) {
          JsonNode value = record.get(field);
          fact.put(field, value == null || value.isNull() ? null : value.asText());
        }
        facts.computeIfAbsent(tenant, t -> new ArrayList<>()).add(fact);
        named.add(record.get("subject_id").asText());
        named.add(record.get("object_id").asText());
      } else {
        record.path("mentions").forEach(m -> named.add(m.get("entity").asText()));
      }
    }
    entities.forEach(
        (tenant, named) -> repair.repair(tx, tenant, facts.getOrDefault(tenant, List.of()), named));
  }

  private static String key(JsonNode record) {
    // A per-tenant record (belief settings) has no id: its tenant is its key.
    return record.get("tenant").asText() + '\u0000' + record.path("id").asText();
  }
}
