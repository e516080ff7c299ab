package dev.engram.vault.restore;

import java.time.Instant;
import java.util.Map;

/**
 * A restore job as clients see it at {@code GET /v1/restore/{id}}.
 *
 * @param state {@code running}, {@code succeeded} or {@code failed}
 * @param phase {@code verifying}, {@code loading}, {@code done}
 * @param records lines sent to the services so far
 * @param results per source, what its service did with each stream
 */
public record RestoreJob(
    String id,
    String backupId,
    RestoreMode mode,
    boolean dryRun,
    String state,
    String phase,
    long records,
    Instant startedAt,
    Instant finishedAt,
    Map<String, Map<String, RecordSink.StreamResult>> results,
    Problem problem) {

  /** Why a job failed. */
  public record Problem(String code, String detail) {}
}
