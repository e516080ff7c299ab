package dev.engram.vault.archive;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * manifest.json, the first entry of every archive (docs/backup-format.md).
 *
 * @param outboxPosition capture's outbox position at the instant of its snapshot (null when capture
 *     was not backed up)
 * @param embeddingModel the model of recall's exported vectors (null when none were exported)
 */
public record Manifest(
    String format,
    int formatVersion,
    String backupId,
    Instant createdAt,
    List<Source> sources,
    JsonNode outboxPosition,
    String embeddingModel,
    List<Entry> entries) {

  public static final String FORMAT = "engram-backup";
  public static final int VERSION = 1;
  public static final String FILE_NAME = "manifest.json";

  /** One source service's part of the snapshot. */
  public record Source(
      String name,
      String service,
      String version,
      Instant takenAt,
      JsonNode position,
      String embeddingModel) {}

  /**
   * One JSONL entry: {@code <source>/<stream>.jsonl}.
   *
   * @param sha256 lower-case hex of the entry's bytes
   * @param count its lines, one record each
   */
  public record Entry(
      String name, String source, String stream, long count, long sizeBytes, String sha256) {}

  /** Records per entry, keyed {@code <source>/<stream>}, in archive order. */
  public Map<String, Long> counts() {
    Map<String, Long> counts = new LinkedHashMap<>();
    entries.forEach(entry -> counts.put(entry.source() + "/" + entry.stream(), entry.count()));
    return counts;
  }
}
