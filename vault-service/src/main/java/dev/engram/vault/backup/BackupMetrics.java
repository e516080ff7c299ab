package dev.engram.vault.backup;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Backups as metrics, tagged with the destination ({@code local} or {@code s3}): {@code
 * engram_vault_backup_last_success_timestamp_seconds} (for "no backup in 26 h"; seeded from the
 * catalog at start, so a restarted vault does not look as if it never backed up), {@code
 * engram_vault_backup_last_size_bytes}, {@code engram_vault_backup_duration_seconds{outcome}},
 * {@code engram_vault_backup_failures_total}.
 */
@Singleton
@Startup // so the meters exist from the first scrape
class BackupMetrics {

  private static final Logger LOG = Logger.getLogger(BackupMetrics.class);

  private final AtomicLong lastSuccess = new AtomicLong();
  private final AtomicLong lastSize = new AtomicLong();
  private final Timer succeeded;
  private final Timer failed;
  private final Counter failures;

  BackupMetrics(MeterRegistry registry, BackupCatalog catalog) {
    String destination = catalog.destination().kind();
    Gauge.builder(
            "engram.vault.backup.last.success.timestamp.seconds", lastSuccess, AtomicLong::get)
        .description("When the newest good backup was taken, in seconds since the epoch (0: none)")
        .tag("destination", destination)
        .register(registry);
    Gauge.builder("engram.vault.backup.last.size.bytes", lastSize, AtomicLong::get)
        .description("Size of the last backup this vault wrote")
        .tag("destination", destination)
        .register(registry);
    succeeded = duration(registry, destination, "succeeded");
    failed = duration(registry, destination, "failed");
    failures =
        Counter.builder("engram.vault.backup.failures")
            .description("Backups that failed (export, archive, verification or upload)")
            .tag("destination", destination)
            .register(registry);
    // Reading the catalog may call S3: never on the start-up path.
    Thread.ofVirtual().name("backup-metrics-seed").start(() -> seed(catalog));
  }

  private static Timer duration(MeterRegistry registry, String destination, String outcome) {
    return Timer.builder("engram.vault.backup.duration")
        .description("Time of one backup, export to retention")
        .tag("destination", destination)
        .tag("outcome", outcome)
        .register(registry);
  }

  private void seed(BackupCatalog catalog) {
    try {
      catalog.list().stream()
          .filter(Backup::good)
          .findFirst() // newest first
          .ifPresent(b -> lastSuccess.accumulateAndGet(b.createdAt().getEpochSecond(), Math::max));
    } catch (RuntimeException e) {
      LOG.debugf("Backup catalog not read for the metrics: %s", e.getMessage());
    }
  }

  void succeeded(Backup backup, Instant started) {
    succeeded.record(Duration.between(started, Instant.now()));
    lastSuccess.accumulateAndGet(backup.createdAt().getEpochSecond(), Math::max);
    lastSize.set(backup.sizeBytes());
  }

  void failed(Instant started) {
    failed.record(Duration.between(started, Instant.now()));
    failures.increment();
  }
}
