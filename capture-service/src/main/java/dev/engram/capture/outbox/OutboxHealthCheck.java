package dev.engram.capture.outbox;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Shows the outbox backlog in readiness details. It never makes capture-service unready: writes are
 * still accepted and kept while recall-service is away, which is the point of the outbox.
 */
@Readiness
@ApplicationScoped
class OutboxHealthCheck implements HealthCheck {

  private final OutboxStats stats;

  OutboxHealthCheck(OutboxStats stats) {
    this.stats = stats;
  }

  @Override
  public HealthCheckResponse call() {
    OutboxStats.Snapshot s = stats.snapshot();
    HealthCheckResponseBuilder builder =
        HealthCheckResponse.named("outbox")
            .up()
            .withData("pending_events", s.pending())
            .withData("lag_seconds", Math.round(s.lagSeconds() * 10) / 10.0 + "")
            .withData("dead_events", s.dead());
    if (!s.known()) {
      builder.withData("note", "backlog unknown: the database did not answer the last count");
    }
    if (s.lastDelivery() != null) {
      builder.withData("last_delivery", s.lastDelivery().toString());
    }
    if (s.lastError() != null) {
      builder.withData("last_error", s.lastError());
    }
    return builder.build();
  }
}
