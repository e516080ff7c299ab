package dev.engram.capture.outbox;

import dev.engram.capture.config.CaptureConfig;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The outbox's backlog as metrics and readiness data: pending events, age of the oldest (the lag),
 * dead events, the last error. Counts are refreshed on a schedule, not per scrape.
 */
@ApplicationScoped
public class OutboxStats {

  private static final String COUNTS =
      "select count(*) filter (where dead_at is null), min(created_at) filter (where dead_at is"
          + " null), count(*) filter (where dead_at is not null) from outbox";

  private final AtomicLong pending = new AtomicLong();
  private final AtomicLong dead = new AtomicLong();
  private volatile Instant oldestPending;
  private volatile Instant lastDelivery;
  private volatile String lastError;
  private volatile boolean known;
  private final Counter deliveredEvents;
  private final Counter failures;
  private final CaptureConfig config;

  OutboxStats(MeterRegistry registry, CaptureConfig config) {
    this.config = config;
    Gauge.builder("engram.outbox.pending", pending, AtomicLong::get)
        .description("Outbox events not yet delivered to recall-service")
        .register(registry);
    Gauge.builder("engram.outbox.lag.seconds", this, OutboxStats::lagSeconds)
        .description("Age of the oldest undelivered outbox event")
        .register(registry);
    Gauge.builder("engram.outbox.dead", dead, AtomicLong::get)
        .description("Outbox events recall-service refused, parked for an operator")
        .register(registry);
    this.deliveredEvents =
        Counter.builder("engram.outbox.delivered")
            .description("Outbox events delivered")
            .register(registry);
    this.failures =
        Counter.builder("engram.outbox.failures")
            .description("Failed outbox delivery attempts")
            .register(registry);
  }

  void schedule(@Observes StartupEvent event, Ticker ticker) {
    ticker.every(config.outbox().statsInterval(), "outbox-stats", this::refresh);
  }

  Uni<Void> refresh() {
    return Panache.withSession(
            () ->
                Panache.getSession()
                    .chain(s -> s.createNativeQuery(COUNTS, Object[].class).getSingleResult()))
        .invoke(
            row -> {
              pending.set(((Number) row[0]).longValue());
              oldestPending = row[1] == null ? null : toInstant(row[1]);
              dead.set(((Number) row[2]).longValue());
              known = true;
            })
        .replaceWithVoid()
        .onFailure()
        .invoke(() -> known = false)
        .onFailure()
        .recoverWithNull();
  }

  private static Instant toInstant(Object value) {
    if (value instanceof OffsetDateTime odt) {
      return odt.toInstant();
    }
    if (value instanceof Instant instant) {
      return instant;
    }
    return java.sql.Timestamp.class.isInstance(value)
        ? ((java.sql.Timestamp) value).toInstant()
        : Instant.parse(value.toString());
  }

  void delivered(int count) {
    deliveredEvents.increment(count);
    lastDelivery = Instant.now();
    lastError = null;
  }

  void failed(String error) {
    failures.increment();
    lastError = error;
  }

  double lagSeconds() {
    Instant oldest = oldestPending;
    return oldest == null
        ? 0
        : Math.max(0, (Instant.now().toEpochMilli() - oldest.toEpochMilli()) / 1000.0);
  }

  /** A snapshot for readiness details. */
  public Snapshot snapshot() {
    return new Snapshot(known, pending.get(), lagSeconds(), dead.get(), lastDelivery, lastError);
  }

  /** What readiness shows about the outbox. */
  public record Snapshot(
      boolean known,
      long pending,
      double lagSeconds,
      long dead,
      Instant lastDelivery,
      String lastError) {}
}
