package dev.engram.vault.destination;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when the destination answers: for S3, a HEAD of the bucket with the configured credentials
 * (the local directory has its own, stricter check, backup-directory).
 */
@Readiness
@ApplicationScoped
class DestinationCheck implements HealthCheck {

  static final String NAME = "backup-destination";

  private final BackupDestination destination;

  DestinationCheck(BackupDestination destination) {
    this.destination = destination;
  }

  @Override
  public HealthCheckResponse call() {
    var response = HealthCheckResponse.named(NAME).withData("kind", destination.kind());
    if ("local".equals(destination.kind())) {
      return response.up().build();
    }
    try {
      destination.probe();
      return response.up().build();
    } catch (IOException e) {
      return response.down().withData("reason", e.getMessage()).build();
    }
  }
}
