package dev.engram.capture.backup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.config.ApplicationVersion;
import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the whole record, every tenant, as the export stream of docs/backup-format.md: a header,
 * one line per row of every {@link RecordTable}, and the end line with the counts. Everything is
 * read in one {@code REPEATABLE READ, READ ONLY, DEFERRABLE} transaction over plain JDBC with a
 * server-side cursor ({@value #FETCH_SIZE} rows at a time), so the export is one consistent
 * snapshot and memory stays flat however large the record is.
 */
@ApplicationScoped
class RecordExport {

  static final int FETCH_SIZE = 1000;

  private final AgroalDataSource dataSource;
  private final ObjectMapper json;
  private final String version;

  RecordExport(AgroalDataSource dataSource, ObjectMapper json, ApplicationVersion version) {
    this.dataSource = dataSource;
    this.json = json;
    this.version = version.value();
  }

  /** Opens the snapshot; the caller writes it and closes it. */
  Snapshot open() throws SQLException {
    Connection c = dataSource.getConnection();
    try {
      c.setAutoCommit(false);
      BackupQueries queries = new BackupQueries(c);
      // The first statement of the transaction, so it applies before the snapshot is taken.
      queries.readOnlySnapshot();
      return new Snapshot(c, queries);
    } catch (SQLException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  /** One open snapshot. */
  final class Snapshot implements AutoCloseable {

    private final Connection c;
    private final BackupQueries queries;

    private Snapshot(Connection c, BackupQueries queries) {
      this.c = c;
      this.queries = queries;
    }

    /** Writes header, records and end line; throws (without the end line) on any failure. */
    void write(OutputStream out) throws SQLException, IOException {
      JsonGenerator gen = json.getFactory().createGenerator(out);
      gen.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      // Lines are separated by '\n' only (Jackson puts a space between root values by default).
      gen.setRootValueSeparator(null);
      header(gen);
      // The header goes out at once: the vault sees the export has started.
      gen.flush();
      Map<String, Long> counts = new LinkedHashMap<>();
      for (RecordTable table : RecordTable.ALL) {
        counts.put(table.name(), table(gen, table));
      }
      gen.writeStartObject();
      gen.writeObjectFieldStart("end");
      gen.writeObjectFieldStart("counts");
      for (Map.Entry<String, Long> count : counts.entrySet()) {
        gen.writeNumberField(count.getKey(), count.getValue());
      }
      gen.writeEndObject();
      gen.writeEndObject();
      gen.writeEndObject();
      gen.writeRaw('\n');
      gen.flush();
    }

    private void header(JsonGenerator gen) throws SQLException, IOException {
      BackupQueries.Position position = queries.position();
      gen.writeStartObject();
      gen.writeObjectFieldStart("header");
      gen.writeStringField("service", "capture-service");
      gen.writeStringField("version", version);
      gen.writeNumberField("format_version", 1);
      gen.writeStringField("taken_at", position.takenAt().toInstant().toString());
      gen.writeObjectFieldStart("position");
      gen.writeNumberField("outbox_id", position.outboxId());
      gen.writeEndObject();
      gen.writeNullField("embedding_model");
      gen.writeEndObject();
      gen.writeEndObject();
      gen.writeRaw('\n');
    }

    private long table(JsonGenerator gen, RecordTable table) throws SQLException, IOException {
      return queries.eachRow(
          table,
          FETCH_SIZE,
          (row, columns) -> {
            gen.writeStartObject();
            gen.writeStringField("stream", table.name());
            gen.writeObjectFieldStart("record");
            for (int i = 0; i < columns.size(); i++) {
              gen.writeFieldName(columns.get(i).name());
              Columns.write(gen, row, i + 1, columns.get(i).type(), json);
            }
            gen.writeEndObject();
            gen.writeEndObject();
            gen.writeRaw('\n');
          });
    }

    @Override
    public void close() throws SQLException {
      try (c;
          queries) {
        c.rollback();
      }
    }
  }
}
