package dev.engram.vault.restore;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** The live state of one restore; written by the job's thread, read by requests. */
final class RestoreRun {

  final String id;
  final String backupId;
  final RestoreMode mode;
  final boolean dryRun;
  private final Instant startedAt = Instant.now();
  private final Map<String, Map<String, RecordSink.StreamResult>> results = new LinkedHashMap<>();
  private volatile String state = "running";
  private volatile String phase = "verifying";
  private volatile long loadedRecords;
  private volatile ImportBody current;
  private volatile Instant finishedAt;
  private volatile RestoreJob.Problem problem;

  RestoreRun(String id, String backupId, RestoreMode mode, boolean dryRun) {
    this.id = id;
    this.backupId = backupId;
    this.mode = mode;
    this.dryRun = dryRun;
  }

  void phase(String phase) {
    this.phase = phase;
  }

  void loading(String source, ImportBody body) {
    this.current = body;
  }

  synchronized void loaded(String source, Map<String, RecordSink.StreamResult> result) {
    results.put(source, Map.copyOf(result));
    loadedRecords += current == null ? 0 : current.records();
    current = null;
  }

  void succeeded() {
    phase = "done";
    finishedAt = Instant.now();
    state = "succeeded";
  }

  void failed(String code, String detail) {
    problem = new RestoreJob.Problem(code, detail);
    finishedAt = Instant.now();
    state = "failed";
  }

  boolean running() {
    return "running".equals(state);
  }

  synchronized RestoreJob view() {
    ImportBody body = current;
    return new RestoreJob(
        id,
        backupId,
        mode,
        dryRun,
        state,
        phase,
        loadedRecords + (body == null ? 0 : body.records()),
        startedAt,
        finishedAt,
        Map.copyOf(results),
        problem);
  }
}
