package dev.engram.launcher;

import dev.engram.launcher.ServiceClient.Reply;
import dev.engram.launcher.ServiceClient.ServiceFailure;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * {@code ./engram backup | backups | verify <id> | restore <id|latest> | audit}: vault-service's
 * API from the command line. Jobs are followed until they end, with a progress line whenever the
 * phase changes (and every few seconds while records move); the exit code is 0 only on success.
 */
final class VaultCommands {

  private static final String ID = "[A-Za-z0-9._-]{1,200}";
  private static final long PROGRESS_EVERY_NANOS = 2_000_000_000L;

  private final ServiceClient vault;
  private final PrintStream out;
  private final PrintStream err;
  private final BufferedReader in;
  private final long pollMillis;

  VaultCommands(
      ServiceClient vault, PrintStream out, PrintStream err, BufferedReader in, long pollMillis) {
    this.vault = vault;
    this.out = out;
    this.err = err;
    this.in = in;
    this.pollMillis = pollMillis;
  }

  int backup() throws InterruptedException {
    Map<String, Object> started = vault.post("/v1/backups", null).require().map();
    out.println("Backup job " + started.get("id") + " started at " + vault.baseUrl());
    Map<String, Object> job = follow("/v1/backup-jobs/" + started.get("id"), progress());
    if (!"succeeded".equals(job.get("state"))) {
      err.println("Backup failed while " + job.get("phase") + ": " + problem(job.get("problem")));
      return 1;
    }
    Map<String, Object> backup = ServiceClient.asMap(job.get("backup"));
    out.println();
    out.println("Backup " + backup.get("id") + " is written and verified");
    out.println("  file       " + backup.get("file") + " (" + backup.get("destination") + ")");
    out.println("  size       " + Format.bytes(backup.get("size_bytes")));
    out.println("  records    " + Format.number(backup.get("records")));
    out.println(
        "  encrypted  "
            + (Boolean.TRUE.equals(backup.get("encrypted"))
                ? "yes, key " + backup.get("key_id")
                : "no (no keys configured: ENGRAM_VAULT_ENCRYPTION_KEYS)"));
    ServiceClient.asMap(backup.get("counts"))
        .forEach((entry, count) -> out.printf("    %-28s %,12d%n", entry, Format.longValue(count)));
    List<Object> deleted = ServiceClient.asList(job.get("deleted"));
    if (!deleted.isEmpty()) {
      out.println("  retention removed " + deleted.size() + ": " + deleted);
    }
    return 0;
  }

  int backups() {
    List<Object> backups =
        ServiceClient.asList(vault.get("/v1/backups").require().map().get("backups"));
    if (backups.isEmpty()) {
      out.println("No backups yet: ./engram backup makes one.");
      return 0;
    }
    out.printf(
        "%-22s %-24s %10s %12s  %-9s %s%n",
        "ID", "CREATED", "SIZE", "RECORDS", "ENCRYPTED", "VERIFIED");
    for (Object item : backups) {
      Map<String, Object> b = ServiceClient.asMap(item);
      out.printf(
          "%-22s %-24s %10s %12s  %-9s %s%n",
          b.get("id"),
          b.get("created_at"),
          Format.bytes(b.get("size_bytes")),
          b.get("records") == null ? "-" : Format.number(b.get("records")),
          Boolean.TRUE.equals(b.get("encrypted")) ? "yes" : "no",
          Boolean.TRUE.equals(b.get("verified"))
              ? "yes"
              : Boolean.FALSE.equals(b.get("verified")) ? "FAILED" : "-");
    }
    return 0;
  }

  int verify(String id) {
    backupId(id);
    out.println("Reading backup " + id + " end to end");
    Reply reply = vault.verify("/v1/backups/" + id + "/verify");
    if (reply.status() == 422) {
      err.println("Backup " + id + " is damaged: " + problem(reply.json()));
      return 1;
    }
    Map<String, Object> v = reply.require().map();
    out.println(
        "Backup "
            + id
            + " is intact: "
            + Format.number(v.get("records"))
            + " records, "
            + (Boolean.TRUE.equals(v.get("encrypted"))
                ? "encrypted with key " + v.get("key_id")
                : "not encrypted")
            + ", format "
            + v.get("format_version")
            + ", created "
            + v.get("created_at"));
    return 0;
  }

  /** Runs an audit and prints it; exit 1 when it found anything or could not check everything. */
  int audit() {
    out.println("Auditing the record, the index and the graph at " + vault.baseUrl());
    Map<String, Object> report = vault.audit("/v1/audit").require().map();
    return new AuditReport(out).print(report) ? 0 : 1;
  }

  /** {@code restore <id|latest> [--merge] [--dry-run] [--yes]}. */
  record RestoreOptions(String backup, boolean merge, boolean dryRun, boolean yes) {}

  int restore(RestoreOptions options) throws IOException, InterruptedException {
    Map<String, Object> backup = resolve(backupId(options.backup()));
    String id = String.valueOf(backup.get("id"));
    out.println(
        "Backup "
            + id
            + ": created "
            + backup.get("created_at")
            + ", "
            + (backup.get("records") == null ? "?" : Format.number(backup.get("records")))
            + " records, "
            + Format.bytes(backup.get("size_bytes")));
    if (!options.merge() && !options.dryRun() && !options.yes() && !confirmed(backup)) {
      err.println("Not restored.");
      return 1;
    }
    String mode = options.merge() ? "merge" : "replace";
    Map<String, Object> started =
        vault
            .post(
                "/v1/restore",
                "{\"backup\":%s,\"mode\":\"%s\",\"dry_run\":%s}"
                    .formatted(Json.quote(id), mode, options.dryRun()))
            .require()
            .map();
    out.println(
        (options.dryRun() ? "Dry run " : "Restore ")
            + started.get("id")
            + " started ("
            + mode
            + ")");
    Map<String, Object> job = follow("/v1/restore/" + started.get("id"), progress());
    new RestoreReport(out).print(job);
    if (!"succeeded".equals(job.get("state"))) {
      err.println("Restore failed while " + job.get("phase") + ": " + problem(job.get("problem")));
      return 1;
    }
    return 0;
  }

  /** The backup to restore, resolved here so the prompt can name it and the restore uses it. */
  private Map<String, Object> resolve(String backup) {
    if (!"latest".equals(backup)) {
      return vault.get("/v1/backups/" + backup).require().map();
    }
    for (Object item :
        ServiceClient.asList(vault.get("/v1/backups").require().map().get("backups"))) {
      Map<String, Object> b = ServiceClient.asMap(item);
      if (!Boolean.FALSE.equals(b.get("verified"))) {
        return b;
      }
    }
    throw new ServiceFailure("there is no backup to restore (./engram backups)");
  }

  private boolean confirmed(Map<String, Object> backup) throws IOException {
    out.println();
    out.println(
        "Replace empties the record, the graph and the index of EVERY tenant and loads the");
    out.println(
        "backup's instead: whatever was stored after "
            + backup.get("created_at")
            + " is lost. (--merge keeps it; --dry-run shows what would change.)");
    out.print("Type yes to replace everything with backup " + backup.get("id") + ": ");
    out.flush();
    String answer = in.readLine();
    return answer != null && answer.strip().equalsIgnoreCase("yes");
  }

  /** Polls a job until it is no longer running. */
  private Map<String, Object> follow(String path, Consumer<Map<String, Object>> progress)
      throws InterruptedException {
    while (true) {
      Map<String, Object> job = vault.get(path).require().map();
      progress.accept(job);
      if (!"running".equals(job.get("state"))) {
        return job;
      }
      Thread.sleep(pollMillis);
    }
  }

  /** A line when the phase changes, and while it runs every few seconds when records move. */
  private Consumer<Map<String, Object>> progress() {
    return new Consumer<>() {
      private Object phase;
      private Object records;
      private long printed;

      @Override
      public void accept(Map<String, Object> job) {
        boolean newPhase = !Objects.equals(job.get("phase"), phase);
        boolean moved = !String.valueOf(job.get("records")).equals(String.valueOf(records));
        if (newPhase || (moved && System.nanoTime() - printed > PROGRESS_EVERY_NANOS)) {
          out.printf(
              "  %-20s %12s records%n",
              String.valueOf(job.get("phase")).replace('_', ' '),
              Format.number(job.get("records")));
          phase = job.get("phase");
          records = job.get("records");
          printed = System.nanoTime();
        }
      }
    };
  }

  static String problem(Object problem) {
    Map<String, Object> p = ServiceClient.asMap(problem);
    return p.isEmpty() ? "(no detail)" : p.get("code") + ": " + p.get("detail");
  }

  /** A backup id as the catalog writes them (or {@code latest}): never a path. */
  private static String backupId(String id) {
    if (!id.matches(ID)) {
      throw new UsageError("'" + id + "' is not a backup id (./engram backups lists them)");
    }
    return id;
  }
}
