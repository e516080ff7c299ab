package dev.engram.vault.restore;

import dev.engram.vault.JobProblem;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The live state of one restore; written by the job's thread, read by requests. */
final class RestoreRun {

  final String id;
  final String backupId;
  final RestoreMode mode;
  final boolean dryRun;
  private final Instant startedAt = Instant.now();
  private final Map<String, Map<String, RecordSink.StreamResult>> results = new LinkedHashMap<>();
  private final List<RestoreJob.Step> steps = new ArrayList<>();
  private volatile String state = "running";
  private volatile String phase = "verifying";
  private volatile long loadedRecords;
  private volatile ImportBody current;
  private volatile Instant finishedAt;
  private volatile JobProblem problem;

  RestoreRun(String id, String backupId, RestoreMode mode, boolean dryRun) {
    this.id = id;
    this.backupId = backupId;
    this.mode = mode;
    this.dryRun = dryRun;
  }

  synchronized void loading(String source, ImportBody body) {
    phase = "importing_" + source;
    current = body;
    steps.add(new RestoreJob.Step(source, "import", "running", null, null, null));
  }

  synchronized void loaded(String source, Map<String, RecordSink.StreamResult> result) {
    Map<String, RecordSink.StreamResult> counts =
        Collections.unmodifiableMap(new LinkedHashMap<>(result)); // in the service's order
    results.put(source, counts);
    finishImport();
    endStep("succeeded", counts, null, null);
  }

  /** recall refused the vectors (another embedding model): a reprojection follows. */
  synchronized void refused(String detail) {
    finishImport();
    endStep("refused", null, null, detail);
  }

  private void finishImport() {
    loadedRecords += current == null ? 0 : current.records();
    current = null;
  }

  synchronized void reprojecting(String target) {
    phase = "reprojecting_" + target;
    steps.add(new RestoreJob.Step(target, "reproject", "running", null, null, null));
  }

  synchronized void reprojected(Map<String, Object> summary) {
    endStep("succeeded", null, summary, null);
  }

  /** A dry run changes nothing, so it only says which reprojection would run. */
  synchronized void wouldReproject(String target, String reason) {
    steps.add(
        new RestoreJob.Step(
            target, "reproject", "skipped", null, null, "dry run; would run: " + reason));
  }

  private void endStep(
      String outcome,
      Map<String, RecordSink.StreamResult> counts,
      Map<String, Object> summary,
      String detail) {
    RestoreJob.Step step = steps.getLast();
    steps.set(
        steps.size() - 1,
        new RestoreJob.Step(step.source(), step.action(), outcome, counts, summary, detail));
  }

  synchronized void succeeded() {
    phase = "done";
    finishedAt = Instant.now();
    state = "succeeded";
  }

  synchronized void failed(String code, String detail) {
    if (current != null) {
      finishImport();
    }
    if (!steps.isEmpty() && "running".equals(steps.getLast().state())) {
      endStep("failed", null, null, detail);
    }
    problem = new JobProblem(code, detail);
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
        Collections.unmodifiableMap(new LinkedHashMap<>(results)),
        List.copyOf(steps),
        problem);
  }
}
