package dev.engram.graph.backup;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.config.ApplicationVersion;
import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.neo4j.GraphUnavailableException;
import dev.engram.graph.neo4j.WriteGate;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.neo4j.driver.AccessMode;
import org.neo4j.driver.Driver;
import org.neo4j.driver.Record;
import org.neo4j.driver.Result;
import org.neo4j.driver.Session;
import org.neo4j.driver.SessionConfig;
import org.neo4j.driver.Transaction;
import org.neo4j.driver.TransactionConfig;
import org.neo4j.driver.exceptions.Neo4jException;

/**
 * The export of every tenant's graph (docs/backup-format.md, section 1): one read transaction, so
 * all streams show the same instant, read stream after stream and written line by line as the
 * driver pulls records (a fetch of {@value #FETCH_SIZE} at a time), never as one list.
 */
@ApplicationScoped
class GraphExport {

  static final int FETCH_SIZE = 1000;

  /** How long an export waits for the writes in flight to finish before it starts. */
  static final Duration WRITES_DRAIN = Duration.ofSeconds(90);

  private final Driver driver;
  private final WriteGate gate;
  private final ObjectMapper json;
  private final GraphConfig config;
  private final String version;

  GraphExport(
      Driver driver,
      WriteGate gate,
      ObjectMapper json,
      GraphConfig config,
      ApplicationVersion version) {
    this.driver = driver;
    this.gate = gate;
    this.json = json;
    this.config = config;
    this.version = version.value();
  }

  /**
   * Opens the snapshot: the read transaction begins here, before any byte is written, so a Neo4j
   * that cannot be reached is still a 503 rather than a cut stream.
   */
  Snapshot open() {
    // Writes wait while the export reads (Neo4j reads at READ COMMITTED, see WriteGate).
    WriteGate.Exclusive exclusive = gate.exclusive(WRITES_DRAIN);
    Session session =
        driver.session(
            SessionConfig.builder()
                .withDefaultAccessMode(AccessMode.READ)
                .withFetchSize(FETCH_SIZE)
                .build());
    try {
      Transaction tx =
          session.beginTransaction(
              TransactionConfig.builder().withTimeout(config.backup().exportTimeout()).build());
      tx.run("RETURN 1").consume();
      return new Snapshot(session, tx, Instant.now(), exclusive);
    } catch (Neo4jException | IllegalStateException e) {
      session.close();
      exclusive.close();
      throw new GraphUnavailableException("cannot open the export transaction: " + e, e);
    }
  }

  /** One open read transaction; {@link #close()} ends it. */
  final class Snapshot implements AutoCloseable {

    private final Session session;
    private final Transaction tx;
    private final Instant takenAt;

    private final WriteGate.Exclusive exclusive;

    private Snapshot(
        Session session, Transaction tx, Instant takenAt, WriteGate.Exclusive exclusive) {
      this.session = session;
      this.tx = tx;
      this.takenAt = takenAt;
      this.exclusive = exclusive;
    }

    /** Header, every stream, end line. Throws (without the end line) when anything fails. */
    void writeTo(OutputStream out) throws IOException {
      Map<String, Object> header = new LinkedHashMap<>();
      header.put("service", "graph-service");
      header.put("version", version);
      header.put("format_version", 1);
      header.put("taken_at", takenAt.toString());
      // graph-service does not track capture's outbox id.
      header.put("position", null);
      header.put("embedding_model", null);
      line(out, Map.of("header", header));
      // The status and the header go out now: the vault sees the export has started.
      out.flush();
      Map<String, Long> counts = new LinkedHashMap<>();
      for (BackupStream stream : BackupStream.values()) {
        Result result = tx.run(ExportQueries.of(stream));
        long count = 0;
        while (result.hasNext()) {
          Map<String, Object> line = new LinkedHashMap<>();
          line.put("stream", stream.wire());
          line.put("record", record(result.next()));
          line(out, line);
          count++;
        }
        counts.put(stream.wire(), count);
      }
      line(out, Map.of("end", Map.of("counts", counts)));
      out.flush();
    }

    @Override
    public void close() {
      try {
        tx.close();
      } finally {
        try {
          session.close();
        } finally {
          exclusive.close();
        }
      }
    }
  }

  private static Map<String, Object> record(Record row) {
    Map<String, Object> record = BackupValues.record(row.get("props").asMap());
    row.get("extras")
        .asMap()
        .forEach((field, value) -> record.put(field, BackupValues.json(nested(field, value))));
    return record;
  }

  /** Aliases and mentions without the tenant they share with their owner, in a stable order. */
  private static Object nested(String field, Object value) {
    if (!(value instanceof List<?> list)) {
      return value;
    }
    List<Map<String, Object>> items = new ArrayList<>();
    for (Object item : list) {
      Map<String, Object> map = new LinkedHashMap<>(castMap(item));
      map.remove("tenant");
      items.add(map);
    }
    Comparator<Map<String, Object>> order =
        "aliases".equals(field)
            ? Comparator.comparing(m -> String.valueOf(m.get("key")))
            : Comparator.<Map<String, Object>, String>comparing(
                    m -> String.valueOf(m.get("entity")))
                .thenComparing(m -> String.valueOf(m.get("key")));
    items.sort(order);
    return items;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> castMap(Object item) {
    return (Map<String, Object>) item;
  }

  private void line(OutputStream out, Object value) throws IOException {
    out.write(json.writeValueAsBytes(value));
    out.write('\n');
  }
}
