package dev.engram.graph.backup;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.error.EngramException;
import dev.engram.graph.GraphError;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The import body read to its end and checked before anything is written: header, known streams,
 * well-formed records, nothing after the end line, and counts equal to what arrived. The records go
 * to a temporary file (one {@code <stream>\t<record>} line each), so memory stays flat however
 * large the graph; {@link #close()} deletes it.
 */
final class ImportSpool implements AutoCloseable {

  final Path file;

  /** Records received per stream, in the order of the end line. */
  final Map<String, Long> received = new LinkedHashMap<>();

  /** The tenants the records belong to (the ones a replace empties first). */
  final Set<String> tenants = new TreeSet<>();

  private ImportSpool(Path file) {
    this.file = file;
  }

  static ImportSpool read(InputStream body, ObjectMapper json) {
    Path file;
    try {
      file = Files.createTempFile("graph-import-", ".spool");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the import spool file", e);
    }
    ImportSpool spool = new ImportSpool(file);
    try {
      spool.fill(body, json);
      return spool;
    } catch (RuntimeException e) {
      spool.close();
      throw e;
    }
  }

  private void fill(InputStream body, ObjectMapper json) {
    Map<String, Long> seen = new LinkedHashMap<>();
    long number = 0;
    boolean header = false;
    Map<String, Long> end = null;
    try (BufferedReader lines =
            new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8), 64 * 1024);
        BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        if (end != null) {
          throw invalid(number, "nothing may follow the end line");
        }
        JsonNode node = parse(json, line, number);
        if (!header) {
          checkHeader(node, number);
          header = true;
        } else if (node.has("end")) {
          end = endCounts(node.get("end"), number);
        } else {
          BackupStream stream = stream(node, number);
          JsonNode record = node.get("record");
          String tenant = ImportRecords.check(stream, record, number);
          tenants.add(tenant);
          seen.merge(stream.wire(), 1L, Long::sum);
          out.write(stream.wire());
          out.write('\t');
          out.write(json.writeValueAsString(record));
          out.write('\n');
        }
      }
    } catch (IOException e) {
      throw new EngramException(
          GraphError.IMPORT_INVALID, "The import body could not be read to its end");
    }
    if (!header) {
      throw invalid(0, "the body is empty: a header line must come first");
    }
    if (end == null) {
      throw invalid(number, "the body ends without its end line");
    }
    for (Map.Entry<String, Long> stream : end.entrySet()) {
      long got = seen.getOrDefault(stream.getKey(), 0L);
      if (got != stream.getValue()) {
        throw new EngramException(
            GraphError.IMPORT_INVALID,
            "Stream %s: the end line counts %d records, %d arrived"
                .formatted(stream.getKey(), stream.getValue(), got));
      }
      received.put(stream.getKey(), got);
    }
    for (String stream : seen.keySet()) {
      if (!end.containsKey(stream)) {
        throw new EngramException(
            GraphError.IMPORT_INVALID,
            "Stream %s: %d records arrived but the end line does not count it"
                .formatted(stream, seen.get(stream)));
      }
    }
  }

  private static JsonNode parse(ObjectMapper json, String line, long number) {
    try {
      JsonNode node = json.readTree(line);
      if (node == null || !node.isObject()) {
        throw invalid(number, "not a JSON object");
      }
      return node;
    } catch (JsonProcessingException e) {
      throw invalid(number, "not valid JSON");
    }
  }

  private static void checkHeader(JsonNode node, long number) {
    JsonNode header = node.get("header");
    if (header == null || !header.isObject()) {
      throw invalid(number, "the first line must be the header");
    }
    if (!header.path("format_version").isInt() || header.get("format_version").asInt() != 1) {
      throw invalid(number, "header.format_version must be 1");
    }
  }

  private static Map<String, Long> endCounts(JsonNode end, long number) {
    JsonNode counts = end.path("counts");
    if (!counts.isObject()) {
      throw invalid(number, "the end line needs counts");
    }
    Map<String, Long> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : counts.properties()) {
      if (BackupStream.of(e.getKey()).isEmpty()) {
        throw unknown(e.getKey(), number);
      }
      if (!e.getValue().canConvertToLong() || e.getValue().asLong() < 0) {
        throw invalid(number, "count of " + e.getKey() + " must be a non-negative integer");
      }
      out.put(e.getKey(), e.getValue().asLong());
    }
    return out;
  }

  private static BackupStream stream(JsonNode node, long number) {
    JsonNode name = node.get("stream");
    if (name == null || !name.isTextual() || !node.path("record").isObject()) {
      throw invalid(number, "a record line needs a stream name and a record object");
    }
    return BackupStream.of(name.asText()).orElseThrow(() -> unknown(name.asText(), number));
  }

  private static EngramException unknown(String stream, long number) {
    return invalid(
        number,
        "unknown stream '%s' (graph-service knows entities, merges, memories, exchanges, facts,"
                .formatted(stream)
            + " relations, beliefs, evidence)");
  }

  static EngramException invalid(long line, String message) {
    return new EngramException(GraphError.IMPORT_INVALID, "Line " + line + ": " + message);
  }

  @Override
  public void close() {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      file.toFile().deleteOnExit();
    }
  }
}
