package dev.engram.vault.restore;

import dev.engram.vault.JobProblem;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A restore job as clients see it at {@code GET /v1/restore/{id}}.
 *
 * @param state {@code running}, {@code succeeded} or {@code failed}
 * @param phase {@code verifying}, {@code importing_<source>} (capture, graph, recall), {@code
 *     reprojecting_graph}, {@code reprojecting_recall}, {@code done}
 * @param records lines sent to the services so far
 * @param results per source, what its service did with each stream
 * @param steps every step begun so far, in order
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
    List<Step> steps,
    JobProblem problem) {

  /**
   * One step of a restore.
   *
   * @param source {@code capture}, {@code graph} or {@code recall}
   * @param action {@code import} (the archive's records to the service) or {@code reproject}
   *     (capture rebuilds the projection from its record)
   * @param state {@code running}, {@code succeeded}, {@code failed}; {@code refused} for recall's
   *     import of vectors of another model (a reprojection follows); {@code skipped} for a
   *     reprojection in a dry run (it would run)
   * @param counts an import's counts per stream (null for a reprojection)
   * @param summary capture's answer to a reprojection (null for an import)
   * @param detail why it was refused, skipped or failed
   */
  public record Step(
      String source,
      String action,
      String state,
      Map<String, RecordSink.StreamResult> counts,
      Map<String, Object> summary,
      String detail) {}
}
