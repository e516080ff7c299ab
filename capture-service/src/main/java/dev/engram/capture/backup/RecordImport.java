package dev.engram.capture.backup;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.capture.CaptureError;
import dev.engram.common.error.EngramException;
import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Loads an import stream (docs/backup-format.md, section 6) in one JDBC transaction: all or
 * nothing. A malformed line, an unknown stream or column, a count that differs from the end line or
 * a missing end line refuses the whole import (400, nothing stored). Foreign keys are checked at
 * the end (they are deferred), so streams and rows may come in any order. Imported rows write no
 * outbox events: the vault reprojects afterwards ({@code POST /internal/v1/reproject}).
 */
@ApplicationScoped
class RecordImport {

  /** How imported rows meet the rows already there. */
  enum Mode {
    REPLACE,
    MERGE
  }

  /** Per stream: records received and what became of them (what would, in a dry run). */
  record StreamCounts(long received, long inserted, long updated, long unchanged) {}

  /** The answer, sent after the end line. */
  record Result(boolean applied, Map<String, StreamCounts> counts) {}

  private final AgroalDataSource dataSource;
  private final ObjectMapper json;

  RecordImport(AgroalDataSource dataSource, ObjectMapper json) {
    this.dataSource = dataSource;
    this.json = json;
  }

  Result load(InputStream body, Mode mode, boolean dryRun) {
    try (Connection c = dataSource.getConnection()) {
      c.setAutoCommit(false);
      try {
        Result result = load(c, body, mode, dryRun);
        if (dryRun) {
          c.rollback();
        } else {
          c.commit();
        }
        return result;
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw sqlProblem(e, "the import");
    }
  }

  private Result load(Connection c, InputStream body, Mode mode, boolean dryRun)
      throws SQLException {
    Map<String, long[]> tallies = new LinkedHashMap<>();
    try (JsonParser lines = json.getFactory().createParser(body);
        BackupQueries queries = new BackupQueries(c)) {
      queries.deferConstraints();
      ImportRows rows = new ImportRows(queries, mode == Mode.REPLACE);
      long line = 1;
      JsonNode header = next(lines, line).get("header");
      if (header == null || !header.isObject()) {
        throw invalid(line, "the first line must be the header");
      }
      if (header.path("format_version").asInt(-1) != 1) {
        throw invalid(line, "format_version must be 1");
      }
      while (true) {
        line++;
        JsonNode node = next(lines, line);
        if (node == null) {
          throw invalid(line, "the stream ends without its end line");
        }
        if (node.has("end")) {
          Map<String, StreamCounts> counts = end(node.get("end"), tallies, line);
          if (lines.nextToken() != null) {
            throw invalid(line + 1, "nothing may follow the end line");
          }
          RestoredLinkQueue.settle(queries, counts.containsKey(RestoredLinkQueue.STREAM));
          try {
            // Checks every deferred foreign key now, in a dry run too.
            queries.checkConstraints();
          } catch (SQLException e) {
            throw sqlProblem(e, "the imported records");
          }
          if (!dryRun) {
            rows.moveSequences();
          }
          return new Result(!dryRun, counts);
        }
        JsonNode stream = node.get("stream");
        JsonNode record = node.get("record");
        if (stream == null || !stream.isTextual() || record == null || node.size() != 2) {
          throw invalid(line, "a line must be the header, a record {stream, record} or the end");
        }
        RecordTable table = RecordTable.named(stream.textValue());
        if (table == null) {
          throw invalid(line, "unknown stream '" + stream.textValue() + "'");
        }
        long[] tally = tallies.computeIfAbsent(table.name(), name -> new long[4]);
        tally[0]++;
        try {
          tally[1 + rows.apply(table, record).ordinal()]++;
        } catch (ImportRows.Refused e) {
          throw new EngramException(
              e.conflict ? CaptureError.IMPORT_CONFLICT : CaptureError.IMPORT_INVALID,
              "Line " + line + " (" + table.name() + "): " + e.getMessage());
        } catch (SQLException e) {
          throw sqlProblem(e, "line " + line + " (" + table.name() + ")");
        }
      }
    } catch (JsonProcessingException e) {
      throw new EngramException(
          CaptureError.IMPORT_INVALID,
          "Line " + e.getLocation().getLineNr() + " is not valid JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new EngramException(
          CaptureError.IMPORT_INVALID, "The import stream could not be read: " + e.getMessage());
    }
  }

  private static Map<String, StreamCounts> end(
      JsonNode end, Map<String, long[]> tallies, long line) {
    JsonNode counts = end == null ? null : end.get("counts");
    if (counts == null || !counts.isObject()) {
      throw invalid(line, "the end line must carry counts");
    }
    Map<String, StreamCounts> result = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = counts.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> count = it.next();
      if (RecordTable.named(count.getKey()) == null) {
        throw invalid(line, "unknown stream '" + count.getKey() + "'");
      }
      long[] tally = tallies.getOrDefault(count.getKey(), new long[4]);
      if (!count.getValue().isIntegralNumber() || count.getValue().longValue() != tally[0]) {
        throw invalid(
            line,
            "the end line counts "
                + count.getValue()
                + " "
                + count.getKey()
                + " records, "
                + tally[0]
                + " were received");
      }
      result.put(count.getKey(), new StreamCounts(tally[0], tally[1], tally[2], tally[3]));
    }
    for (Map.Entry<String, long[]> tally : tallies.entrySet()) {
      if (!result.containsKey(tally.getKey())) {
        throw invalid(
            line,
            "the end line does not count stream '"
                + tally.getKey()
                + "' ("
                + tally.getValue()[0]
                + " records received)");
      }
    }
    return result;
  }

  /** The next line as a JSON object, or null at the end of the stream. */
  private JsonNode next(JsonParser lines, long line) throws IOException {
    JsonToken token = lines.nextToken();
    if (token == null) {
      if (line == 1) {
        throw invalid(line, "the import stream is empty");
      }
      return null;
    }
    if (token != JsonToken.START_OBJECT) {
      throw invalid(line, "a line must be a JSON object");
    }
    return json.readTree(lines);
  }

  private static EngramException invalid(long line, String message) {
    return new EngramException(CaptureError.IMPORT_INVALID, "Line " + line + ": " + message);
  }

  /** Data the database refuses is the import's fault (4xx); anything else is the database's. */
  private static EngramException sqlProblem(SQLException e, String where) {
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    if (state.equals("23505")) {
      return new EngramException(
          CaptureError.IMPORT_CONFLICT, "In " + where + ": " + e.getMessage());
    }
    if (state.startsWith("23") || state.startsWith("22")) {
      return new EngramException(
          CaptureError.IMPORT_INVALID, "In " + where + ": " + e.getMessage());
    }
    return new EngramException(
        CaptureError.DATABASE_UNAVAILABLE, "The import failed: " + e.getMessage());
  }
}
