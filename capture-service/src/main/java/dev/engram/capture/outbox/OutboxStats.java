package dev.engram.capture.outbox;

import dev.engram.capture.background.Ticker;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.outbox.OutboxEvent.Target;
import dev.engram.common.metrics.DatabaseWide;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The outbox's backlog per projection as metrics (tagged {@code target}) and readiness data:
 * pending events, age of the oldest (the lag), dead events, the last error. Counts are refreshed on
 * a schedule, not per scrape.
 */
@ApplicationScoped
public class OutboxStats {

  private final Map<Target, TargetStats> targets = new EnumMap<>(Target.class);
  private final OutboxRepository outbox;
  private final CaptureConfig config;
  private volatile boolean known;

  OutboxStats(MeterRegistry registry, OutboxRepository outbox, CaptureConfig config) {
    this.outbox = outbox;
    this.config = config;
    for (Target target : Target.values()) {
      targets.put(target, new TargetStats(registry, target));
    }
  }

  void schedule(@Observes StartupEvent event, Ticker ticker) {
    ticker.every(config.outbox().statsInterval(), "outbox-stats", this::refresh);
  }

  public TargetStats of(Target target) {
    return targets.get(target);
  }

  Uni<Void> refresh() {
    return Panache.withSession(outbox::backlogs)
        .invoke(this::apply)
        .replaceWithVoid()
        .onFailure()
        .invoke(() -> known = false)
        .onFailure()
        .recoverWithNull();
  }

  private void apply(List<OutboxRepository.Backlog> backlogs) {
    Map<Target, OutboxRepository.Backlog> byTarget = new EnumMap<>(Target.class);
    backlogs.forEach(b -> byTarget.put(b.target(), b));
    targets.forEach(
        (target, stats) -> {
          OutboxRepository.Backlog b = byTarget.get(target);
          stats.pending.set(b == null ? 0 : b.pending());
          stats.oldestPending = b == null ? null : b.oldestPending();
          stats.dead.set(b == null ? 0 : b.dead());
        });
    known = true;
  }

  /** A snapshot per projection, for readiness details and stats. */
  public Map<Target, Snapshot> snapshot() {
    Map<Target, Snapshot> result = new EnumMap<>(Target.class);
    targets.forEach((target, stats) -> result.put(target, stats.snapshot(known)));
    return result;
  }

  /** What readiness shows about one projection's outbox. */
  public record Snapshot(
      boolean known,
      long pending,
      double lagSeconds,
      long dead,
      Instant lastDelivery,
      String lastError) {}

  /** The counters and gauges of one projection. */
  public static final class TargetStats {
    private final AtomicLong pending = new AtomicLong();
    private final AtomicLong dead = new AtomicLong();
    private volatile Instant oldestPending;
    private volatile Instant lastDelivery;
    private volatile String lastError;
    private final Counter deliveredEvents;
    private final Counter failures;

    TargetStats(MeterRegistry registry, Target target) {
      String tag = target.wire();
      Gauge.builder("engram.outbox.pending", pending, AtomicLong::get)
          .tag("target", tag)
          .tags(List.of(DatabaseWide.TAG))
          .description("Outbox events not yet delivered" + DatabaseWide.HELP)
          .register(registry);
      Gauge.builder("engram.outbox.lag.seconds", this, TargetStats::lagSeconds)
          .tag("target", tag)
          .tags(List.of(DatabaseWide.TAG))
          .description("Age of the oldest undelivered outbox event" + DatabaseWide.HELP)
          .register(registry);
      Gauge.builder("engram.outbox.dead", dead, AtomicLong::get)
          .tag("target", tag)
          .tags(List.of(DatabaseWide.TAG))
          .description(
              "Outbox events the receiver refused, parked for an operator" + DatabaseWide.HELP)
          .register(registry);
      deliveredEvents =
          Counter.builder("engram.outbox.delivered")
              .tag("target", tag)
              .description("Outbox events delivered")
              .register(registry);
      failures =
          Counter.builder("engram.outbox.failures")
              .tag("target", tag)
              .description("Failed outbox delivery attempts")
              .register(registry);
    }

    public void delivered(int count) {
      deliveredEvents.increment(count);
      lastDelivery = Instant.now();
      lastError = null;
    }

    public void failed(String error) {
      failures.increment();
      lastError = error;
    }

    double lagSeconds() {
      Instant oldest = oldestPending;
      return oldest == null
          ? 0
          : Math.max(0, (Instant.now().toEpochMilli() - oldest.toEpochMilli()) / 1000.0);
    }

    Snapshot snapshot(boolean known) {
      return new Snapshot(known, pending.get(), lagSeconds(), dead.get(), lastDelivery, lastError);
    }
  }
}
