package dev.engram.vault.backup;

import dev.engram.common.error.EngramException;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/** Starts a backup on the cron schedule {@code engram.vault.schedule} ({@code off} disables it). */
@ApplicationScoped
class BackupSchedule {

  private static final Logger LOG = Logger.getLogger(BackupSchedule.class);

  private final BackupJobs jobs;

  BackupSchedule(BackupJobs jobs) {
    this.jobs = jobs;
  }

  @Scheduled(identity = "backup", cron = "{engram.vault.schedule}")
  void backup() {
    try {
      jobs.start("schedule");
    } catch (EngramException e) {
      LOG.warnf("Scheduled backup skipped: %s", e.getMessage());
    }
  }
}
