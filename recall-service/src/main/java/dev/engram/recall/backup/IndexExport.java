package dev.engram.recall.backup;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.recall.index.IndexSnapshot;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a snapshot as the export of docs/backup-format.md: the header, one {@code vectors} line
 * per document, the end line with the count. The header is flushed at once (the vault waits for the
 * response headers only so long); a failure before the end leaves the end line out, which is how
 * the vault knows the export was cut.
 */
final class IndexExport {

  static final String SERVICE = "recall-service";
  static final int FORMAT_VERSION = 1;
  static final String STREAM = "vectors";

  private final ObjectMapper json;
  private final String version;

  IndexExport(ObjectMapper json, String version) {
    this.json = json;
    this.version = version;
  }

  /** Writes the whole export; returns the number of records. */
  long write(IndexSnapshot snapshot, Instant takenAt, OutputStream out) throws IOException {
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("service", SERVICE);
    header.put("version", version);
    header.put("format_version", FORMAT_VERSION);
    header.put("taken_at", takenAt.toString());
    header.put("position", null);
    header.put("embedding_model", snapshot.model());
    line(out, Map.of("header", header));
    out.flush();
    long[] count = {0};
    snapshot.forEach(
        (document, vector) -> {
          Map<String, Object> line = new LinkedHashMap<>();
          line.put("stream", STREAM);
          line.put("record", new VectorRecord(document, vector));
          line(out, line);
          count[0]++;
        });
    line(out, Map.of("end", Map.of("counts", Map.of(STREAM, count[0]))));
    out.flush();
    return count[0];
  }

  private void line(OutputStream out, Object value) throws IOException {
    out.write(json.writeValueAsBytes(value));
    out.write('\n');
  }
}
