package dev.engram.bench.replicate;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns one service's export (docs/backup-format.md section 1) into the import body of one copy
 * (section 6): the header, every record the rules copy rewritten for that copy, and an end line
 * counting what was sent. One line at a time: neither side is ever held in memory whole.
 */
final class CopyStream {

  private static final ObjectMapper JSON = new ObjectMapper();

  private CopyStream() {}

  /**
   * Reads the export from {@code export} and writes the copy's import body to {@code body}; returns
   * the records sent per stream (the end line's counts).
   */
  static Map<String, Long> write(
      String service, InputStream export, CopyRewrite copy, OutputStream body) throws IOException {
    Map<String, Long> counts = new LinkedHashMap<>();
    Map<String, Long> seen = new LinkedHashMap<>();
    boolean ended = false;
    try (JsonParser lines = JSON.getFactory().createParser(export);
        JsonGenerator out = JSON.getFactory().createGenerator(body)) {
      out.setRootValueSeparator(null);
      JsonNode header = next(lines);
      if (header == null || !header.path("header").isObject()) {
        throw new IOException(service + " export: the first line is not its header");
      }
      line(out, importHeader(header.get("header"), copy.copy()));
      for (JsonNode node = next(lines); node != null; node = next(lines)) {
        if (ended) {
          throw new IOException(service + " export: a line follows the end line");
        }
        if (node.has("end")) {
          ended = true;
          checkCounts(service, node.path("end").path("counts"), seen);
          // A stream sent without records is still counted: an empty link queue stream is what
          // keeps capture from queueing every copied memory for relations again.
          node.path("end")
              .path("counts")
              .fieldNames()
              .forEachRemaining(
                  stream -> {
                    StreamRule.Action action = StreamRule.of(service, stream).action();
                    if (action == StreamRule.Action.COPY || action == StreamRule.Action.EMPTY) {
                      counts.putIfAbsent(stream, 0L);
                    }
                  });
          continue;
        }
        String stream = node.path("stream").asText();
        JsonNode record = node.get("record");
        if (record == null || !record.isObject()) {
          throw new IOException(service + " export: a line is neither record, header nor end");
        }
        StreamRule rule = StreamRule.of(service, stream);
        seen.merge(stream, 1L, Long::sum);
        switch (rule.action()) {
          case COPY -> {
            ObjectNode line = JSON.createObjectNode();
            line.put("stream", stream);
            line.set("record", copy.apply(rule, (ObjectNode) record));
            line(out, line);
            counts.merge(stream, 1L, Long::sum);
          }
          case EMPTY -> counts.putIfAbsent(stream, 0L);
          case KEEP -> {
            // not sent: the source's stay the only ones (e.g. graph entities, which copies mention)
          }
          case REFUSE ->
              throw new IOException(
                  service
                      + " export has "
                      + stream
                      + " records, which the copies cannot rewrite: "
                      + rule.why());
        }
      }
      if (!ended) {
        throw new IOException(service + " export ends without its end line (incomplete)");
      }
      ObjectNode end = JSON.createObjectNode();
      ObjectNode endCounts = end.putObject("end").putObject("counts");
      counts.forEach(endCounts::put);
      line(out, end);
    }
    return counts;
  }

  /** A spool that lost lines is refused rather than copied short. */
  private static void checkCounts(String service, JsonNode declared, Map<String, Long> seen)
      throws IOException {
    Map<String, Long> expected = new LinkedHashMap<>();
    declared
        .fields()
        .forEachRemaining(
            e -> {
              if (e.getValue().asLong() > 0) {
                expected.put(e.getKey(), e.getValue().asLong());
              }
            });
    if (!expected.equals(seen)) {
      throw new IOException(
          service + " export: its end line counts " + expected + ", the lines hold " + seen);
    }
  }

  /** The import header: the export's own header as the source, and its embedding model. */
  private static ObjectNode importHeader(JsonNode exported, int copy) {
    ObjectNode header = JSON.createObjectNode();
    ObjectNode inner = header.putObject("header");
    inner.put("format_version", 1);
    inner.put("backup_id", "bench-replicate-copy-" + copy);
    inner.set("source", exported);
    inner.set("embedding_model", exported.get("embedding_model"));
    return header;
  }

  private static JsonNode next(JsonParser lines) throws IOException {
    JsonToken token = lines.nextToken();
    if (token == null) {
      return null;
    }
    if (token != JsonToken.START_OBJECT) {
      throw new IOException("an export line is not a JSON object");
    }
    return JSON.readTree(lines);
  }

  private static void line(JsonGenerator out, JsonNode node) throws IOException {
    out.writeTree(node);
    out.writeRaw('\n');
  }
}
