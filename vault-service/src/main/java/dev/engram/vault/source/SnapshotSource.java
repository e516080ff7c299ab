package dev.engram.vault.source;

import java.io.IOException;

/**
 * One source service's consistent snapshot, as served by its export endpoint
 * (docs/backup-format.md): capture's record, graph's entities/facts/relations/beliefs, recall's
 * vectors.
 */
public interface SnapshotSource {

  /** {@code capture}, {@code graph} or {@code recall}: the directory of its entries. */
  String name();

  /**
   * Streams the snapshot into {@code sink}, record by record, and returns what its header and
   * trailer said once every record has been delivered and the counts matched.
   *
   * @throws SourceException the source failed or broke the contract
   * @throws IOException the sink failed (local disk)
   */
  SourceSnapshot export(ExportSink sink) throws SourceException, IOException;

  /** Receives records; {@code json} is one JSON object. */
  interface ExportSink {
    /** Declares a stream, so an empty one still gets its (empty) entry. */
    void stream(String stream) throws IOException;

    void record(String stream, byte[] json) throws IOException;
  }
}
