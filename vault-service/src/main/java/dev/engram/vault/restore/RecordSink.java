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
    private final int status;

    public SinkException(String detail) {
      this(0, detail);
    }

    /**
     * @param status the service's HTTP status, 0 when there was no answer
     */
    public SinkException(int status, String detail) {
      super(detail, null, false, false);
      this.status = status;
    }

    /** The service's HTTP status (409: recall's model differs from the archive's), or 0. */
    public int status() {
      return status;
    }
  }
}
