package dev.engram.vault.backup;

import dev.engram.vault.JobProblem;
import java.time.Instant;
import java.util.List;

/** The live state of one backup job; written by the job's thread, read by requests. */
final class BackupRun {

  final String id;
  final String trigger;
  final Instant startedAt;
  private volatile String state = "running";
  private volatile String phase = "exporting";
  private volatile long records;
  private volatile Instant finishedAt;
  private volatile JobProblem problem;
  private volatile Backup backup;
  private volatile List<String> deleted = List.of();

  BackupRun(String id, String trigger, Instant startedAt) {
    this.id = id;
    this.trigger = trigger;
    this.startedAt = startedAt;
  }

  void phase(String phase) {
    this.phase = phase;
  }

  void records(long records) {
    this.records = records;
  }

  void succeeded(Backup backup, List<String> deleted, Instant at) {
    this.backup = backup;
    this.deleted = List.copyOf(deleted);
    this.phase = "done";
    this.finishedAt = at;
    this.state = "succeeded";
  }

  void failed(String code, String detail, Instant at) {
    this.problem = new JobProblem(code, detail);
    this.finishedAt = at;
    this.state = "failed";
  }

  boolean running() {
    return "running".equals(state);
  }

  BackupJob view() {
    return new BackupJob(
        id, id, trigger, state, phase, records, startedAt, finishedAt, problem, backup, deleted);
  }
}
