package dev.engram.vault.restore;

import java.io.InputStream;
import java.util.Map;

/**
 * Where a restore loads one source's records: the service's {@code POST /internal/v1/import}
 * (docs/backup-format.md, section 6). The body is streamed from the archive.
 */
public interface RecordSink {

  /** {@code capture}, {@code graph} or {@code recall}, as in the manifest. */
  String name();

  /**
   * Sends the import body (x-ndjson: header, records, end) and returns the service's counts per
   * stream once it has applied (or, in a dry run, checked) all of it.
   */
  Map<String, StreamResult> load(RestoreMode mode, boolean dryRun, InputStream body)
      throws SinkException;

  /** What the service did with one stream. */
  record StreamResult(long received, long inserted, long updated, long unchanged) {}

  /** The service refused or failed the import; the detail names it. */
  final class SinkException extends Exception {
    public SinkException(String detail) {
      super(detail, null, false, false);
    }
  }
}
