package dev.engram.vault.backup;

import dev.engram.vault.OperationLock;
import dev.engram.vault.VaultError;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Starts backup jobs one at a time on a thread of their own and remembers the last few, so their
 * progress can be followed.
 */
@ApplicationScoped
class BackupJobs {

  private static final int REMEMBERED = 20;
  private static final DateTimeFormatter ID =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssSSS'Z'").withZone(ZoneOffset.UTC);

  private final BackupWriter writer;
  private final OperationLock lock;
  private final Clock clock = Clock.systemUTC();
  private final ExecutorService executor =
      Executors.newSingleThreadExecutor(Thread.ofPlatform().name("backup-job").daemon().factory());
  private final Map<String, BackupRun> runs = new LinkedHashMap<>();

  BackupJobs(BackupWriter writer, OperationLock lock) {
    this.writer = writer;
    this.lock = lock;
  }

  /** Starts a backup; 409 backup_in_progress while another one runs. */
  synchronized BackupJob start(String trigger) {
    BackupRun run = new BackupRun(ID.format(clock.instant()), trigger, clock.instant());
    lock.acquire(
        VaultError.BACKUP_IN_PROGRESS,
        "Backup " + run.id + " is running; follow it at /v1/backup-jobs/" + run.id);
    runs.put(run.id, run);
    while (runs.size() > REMEMBERED) {
      runs.remove(runs.keySet().iterator().next());
    }
    executor.execute(
        () -> {
          try {
            writer.run(run);
          } finally {
            lock.release();
          }
        });
    return run.view();
  }

  synchronized Optional<BackupJob> find(String id) {
    return Optional.ofNullable(runs.get(id)).map(BackupRun::view);
  }

  void onStop(@Observes ShutdownEvent event) {
    executor.shutdownNow();
  }
}
