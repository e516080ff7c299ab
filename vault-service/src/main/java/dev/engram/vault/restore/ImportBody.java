package dev.engram.vault.restore;

import dev.engram.vault.archive.ArchiveException;
import dev.engram.vault.archive.ArchiveJson;
import dev.engram.vault.archive.ArchiveReader;
import dev.engram.vault.archive.Manifest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The import body for one source, produced on demand from the archive: a header line, one {@code
 * {"stream", "record"}} line per archived line of the source's entries, an end line with the
 * counts. A source's entries are contiguous in the archive; the first entry of the next source is
 * left in {@link #following()}.
 */
final class ImportBody extends InputStream {

  private final ArchiveReader archive;
  private final Manifest.Source source;
  private final Map<String, Manifest.Entry> entries = new LinkedHashMap<>();
  private String current;
  private BufferedReader lines;
  private String following;
  private boolean ended;
  private byte[] chunk;
  private int position;
  private volatile long records;

  /** Starts with the header; {@code first} is the source's first entry (or null: none). */
  ImportBody(ArchiveReader archive, Manifest manifest, Manifest.Source source, String first)
      throws IOException {
    this.archive = archive;
    this.source = source;
    for (Manifest.Entry entry : manifest.entries()) {
      if (entry.source().equals(source.name())) {
        entries.put(entry.name(), entry);
      }
    }
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("format_version", Manifest.VERSION);
    header.put("backup_id", manifest.backupId());
    header.put("source", source);
    header.put("embedding_model", manifest.embeddingModel());
    chunk = line(ArchiveJson.MAPPER.writeValueAsString(Map.of("header", header)));
    enter(first);
  }

  /** The entry after this source's last one, once the body has been read to its end. */
  String following() {
    return following;
  }

  long records() {
    return records;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  /**
   * Synchronized: when a service answers before it has read the whole body (recall refusing another
   * model's vectors), the HTTP client may still be reading while the job drains the rest.
   */
  @Override
  public synchronized int read(byte[] buffer, int offset, int length) throws IOException {
    while (chunk == null || position >= chunk.length) {
      if (!refill()) {
        return -1;
      }
    }
    int n = Math.min(length, chunk.length - position);
    System.arraycopy(chunk, position, buffer, offset, n);
    position += n;
    return n;
  }

  private boolean refill() throws IOException {
    position = 0;
    while (current != null) {
      String line = lines.readLine();
      if (line != null) {
        records++;
        String stream = entries.get(current).stream();
        chunk = line("{\"stream\":\"" + stream + "\",\"record\":" + line + "}");
        return true;
      }
      try {
        enter(archive.next());
      } catch (ArchiveException e) {
        throw new IOException(e.getMessage(), e);
      }
    }
    if (ended) {
      chunk = null;
      return false;
    }
    ended = true;
    Map<String, Long> counts = new LinkedHashMap<>();
    entries.values().forEach(entry -> counts.put(entry.stream(), entry.count()));
    chunk = line(ArchiveJson.MAPPER.writeValueAsString(Map.of("end", Map.of("counts", counts))));
    return true;
  }

  /** Moves to {@code name} if it is one of this source's entries, else stops before it. */
  private void enter(String name) {
    if (name != null && entries.containsKey(name)) {
      current = name;
      lines =
          new BufferedReader(
              new InputStreamReader(archive.content(), StandardCharsets.UTF_8), 64 * 1024);
    } else {
      current = null;
      following = name;
    }
  }

  private static byte[] line(String json) {
    return (json + "\n").getBytes(StandardCharsets.UTF_8);
  }

  String sourceName() {
    return source.name();
  }
}
