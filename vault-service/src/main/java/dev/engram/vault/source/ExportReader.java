package dev.engram.vault.source;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.vault.VaultError;
import dev.engram.vault.archive.ArchiveJson;
import dev.engram.vault.source.SnapshotSource.ExportSink;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads one export stream (application/x-ndjson): a header line, record lines, an end line with the
 * counts. Without the end line the export was cut short and is refused.
 */
final class ExportReader {

  static final int FORMAT_VERSION = 1;
  private static final Pattern STREAM = Pattern.compile("[a-z][a-z0-9_]{0,62}");

  private ExportReader() {}

  static SourceSnapshot read(String source, InputStream body, ExportSink sink)
      throws SourceException, IOException {
    BufferedReader lines =
        new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8), 64 * 1024);
    JsonNode header = object(source, next(source, lines), 1).path("header");
    if (!header.isObject()) {
      throw invalid(source, "the first line is not {\"header\": {...}}");
    }
    if (header.path("format_version").asInt() != FORMAT_VERSION) {
      throw invalid(source, "format_version " + header.path("format_version") + " is not 1");
    }
    Map<String, Long> counts = new LinkedHashMap<>();
    long number = 1;
    for (String line = next(source, lines); ; line = next(source, lines)) {
      number++;
      if (line == null) {
        throw new SourceException(
            VaultError.SOURCE_UNAVAILABLE,
            source + " export ended before its end line (after " + number + " lines)");
      }
      JsonNode node = object(source, line, number);
      if (node.has("end")) {
        Set<String> begun = new HashSet<>(counts.keySet());
        checkCounts(source, counts, node.path("end").path("counts"));
        for (String stream : counts.keySet()) {
          if (!begun.contains(stream)) {
            if (!STREAM.matcher(stream).matches()) {
              throw invalid(source, "stream name " + stream + " in the end line is not valid");
            }
            sink.stream(stream);
          }
        }
        if (next(source, lines) != null) {
          throw invalid(source, "lines after the end line");
        }
        return new SourceSnapshot(
            source,
            text(header, "service"),
            text(header, "version"),
            instant(source, header),
            header.path("position").isMissingNode() || header.path("position").isNull()
                ? null
                : header.path("position"),
            text(header, "embedding_model"),
            counts);
      }
      String stream = node.path("stream").asText("");
      JsonNode record = node.path("record");
      if (!STREAM.matcher(stream).matches() || !record.isObject()) {
        throw invalid(source, "line " + number + " is not {\"stream\": name, \"record\": {...}}");
      }
      if (!counts.containsKey(stream)) {
        counts.put(stream, 0L);
        sink.stream(stream);
      }
      sink.record(stream, ArchiveJson.MAPPER.writeValueAsBytes(record));
      counts.merge(stream, 1L, Long::sum);
    }
  }

  private static void checkCounts(String source, Map<String, Long> seen, JsonNode reported)
      throws SourceException {
    if (!reported.isObject()) {
      throw invalid(source, "the end line has no counts");
    }
    Map<String, Long> declared = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> count : reported.properties()) {
      declared.put(count.getKey(), count.getValue().asLong(-1));
    }
    for (Map.Entry<String, Long> count : declared.entrySet()) {
      if (!count.getValue().equals(seen.getOrDefault(count.getKey(), 0L))) {
        throw invalid(
            source,
            "stream "
                + count.getKey()
                + ": the end line reports "
                + count.getValue()
                + " records, the export carried "
                + seen.getOrDefault(count.getKey(), 0L));
      }
      seen.putIfAbsent(count.getKey(), 0L); // an empty stream is still part of the snapshot
    }
    for (String stream : seen.keySet()) {
      if (!declared.containsKey(stream)) {
        throw invalid(source, "stream " + stream + " is missing from the end line's counts");
      }
    }
  }

  private static String next(String source, BufferedReader lines) throws SourceException {
    try {
      return lines.readLine();
    } catch (IOException e) {
      throw new SourceException(
          VaultError.SOURCE_UNAVAILABLE, source + " export was interrupted: " + e.getMessage());
    }
  }

  private static JsonNode object(String source, String line, long number) throws SourceException {
    if (line == null) {
      throw new SourceException(VaultError.SOURCE_UNAVAILABLE, source + " export is empty");
    }
    try {
      JsonNode node = ArchiveJson.MAPPER.readTree(line);
      if (node != null && node.isObject()) {
        return node;
      }
    } catch (IOException e) {
      // reported below
    }
    throw invalid(source, "line " + number + " is not a JSON object");
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isTextual() ? value.asText() : null;
  }

  private static Instant instant(String source, JsonNode header) throws SourceException {
    try {
      return Instant.parse(header.path("taken_at").asText());
    } catch (DateTimeParseException e) {
      throw invalid(source, "the header's taken_at is not an ISO-8601 instant");
    }
  }

  private static SourceException invalid(String source, String what) {
    return new SourceException(VaultError.SOURCE_EXPORT_INVALID, source + " export: " + what);
  }
}
