package dev.engram.capture.outbox;

import dev.engram.capture.outbox.OutboxEvent.Target;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Shows the outbox backlog of both projections in readiness details: totals ({@code
 * pending_events}, {@code dead_events}, {@code last_error}) and per projection ({@code
 * recall_pending_events}, {@code graph_lag_seconds}, ...). It never makes capture-service unready:
 * writes are still accepted and kept while a projection is away, which is the point of the outbox.
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
    Map<Target, OutboxStats.Snapshot> snapshots = stats.snapshot();
    HealthCheckResponseBuilder builder = HealthCheckResponse.named("outbox").up();
    long pending = 0;
    long dead = 0;
    boolean known = true;
    List<String> errors = new ArrayList<>();
    for (Map.Entry<Target, OutboxStats.Snapshot> entry : snapshots.entrySet()) {
      String prefix = entry.getKey().wire() + "_";
      OutboxStats.Snapshot s = entry.getValue();
      pending += s.pending();
      dead += s.dead();
      known &= s.known();
      builder
          .withData(prefix + "pending_events", s.pending())
          .withData(prefix + "lag_seconds", Math.round(s.lagSeconds() * 10) / 10.0 + "")
          .withData(prefix + "dead_events", s.dead());
      if (s.lastDelivery() != null) {
        builder.withData(prefix + "last_delivery", s.lastDelivery().toString());
      }
      if (s.lastError() != null) {
        builder.withData(prefix + "last_error", s.lastError());
        errors.add(entry.getKey().wire() + ": " + s.lastError());
      }
    }
    builder.withData("pending_events", pending).withData("dead_events", dead);
    if (!errors.isEmpty()) {
      builder.withData("last_error", String.join("; ", errors));
    }
    if (!known) {
      builder.withData("note", "backlog unknown: the database did not answer the last count");
    }
    return builder.build();
  }
}
