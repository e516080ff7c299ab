package dev.engram.vault.backup;

import dev.engram.vault.destination.BackupDirectory;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready when a file can be created, written, fsynced and deleted in the backup directory. */
@Readiness
@ApplicationScoped
class BackupDirectoryCheck implements HealthCheck {

  static final String NAME = "backup-directory";

  private final BackupDirectory directory;

  BackupDirectoryCheck(BackupDirectory directory) {
    this.directory = directory;
  }

  @Override
  public HealthCheckResponse call() {
    var response = HealthCheckResponse.named(NAME).withData("path", directory.path().toString());
    try {
      directory.probe();
      return response.up().build();
    } catch (IOException e) {
      return response.down().withData("reason", BackupDirectory.describe(e)).build();
    }
  }
}
