package dev.engram.capture.stats;

import dev.engram.capture.background.Ticker;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.common.metrics.DatabaseWide;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Memory pool health as metrics, across tenants, refreshed on the outbox stats interval: {@code
 * engram_memories{status}}, {@code engram_memories_low_confidence}, {@code
 * engram_exchanges_quarantined}, {@code engram_reflector_pending} (exchanges not yet reflected).
 *
 * <p>The counts read every memory row (a scan of the table: 100,000 rows every 5 s at 100k
 * memories, for nobody when no one scrapes the metrics), so a tick refreshes them only when one of
 * these gauges was read since the last refresh: a scrape sees the counts of the tick after the
 * previous scrape, at most one stats interval older than the scrape interval.
 */
@ApplicationScoped
class PoolStats {

  private final Map<String, AtomicLong> byStatus = new ConcurrentHashMap<>();
  private final AtomicLong lowConfidence = new AtomicLong();
  private final AtomicLong quarantinedExchanges = new AtomicLong();
  private final AtomicLong pending = new AtomicLong();
  private final StatsRepository repository;
  private final CaptureConfig config;

  /** Whether a gauge was read since the last refresh (true at start: the first tick counts). */
  private final AtomicBoolean read = new AtomicBoolean(true);

  PoolStats(MeterRegistry registry, StatsRepository repository, CaptureConfig config) {
    this.repository = repository;
    this.config = config;
    for (String status : List.of("active", "archived", "superseded", "quarantined")) {
      AtomicLong value = new AtomicLong();
      byStatus.put(status, value);
      Gauge.builder("engram.memories", value, this::read)
          .tag("status", status)
          .tags(List.of(DatabaseWide.TAG))
          .description("Memories by status, all tenants" + DatabaseWide.HELP)
          .register(registry);
    }
    Gauge.builder("engram.memories.low.confidence", lowConfidence, this::read)
        .tags(List.of(DatabaseWide.TAG))
        .description("ACTIVE memories below the low-confidence mark" + DatabaseWide.HELP)
        .register(registry);
    Gauge.builder("engram.exchanges.quarantined", quarantinedExchanges, this::read)
        .tags(List.of(DatabaseWide.TAG))
        .description("Exchanges held back by the poisoning gate" + DatabaseWide.HELP)
        .register(registry);
    Gauge.builder("engram.reflector.pending", pending, this::read)
        .tags(List.of(DatabaseWide.TAG))
        .description("Exchanges the Reflector has not read yet" + DatabaseWide.HELP)
        .register(registry);
  }

  void schedule(@Observes StartupEvent event, Ticker ticker) {
    ticker.every(config.outbox().statsInterval(), "pool-stats", this::refresh);
  }

  private double read(AtomicLong value) {
    read.set(true);
    return value.get();
  }

  /** Whether this tick should count again: a gauge was read since the last one. */
  boolean due() {
    return read.getAndSet(false);
  }

  Uni<Void> refresh() {
    if (!due()) {
      return Uni.createFrom().voidItem();
    }
    double low = config.lifecycle().lowConfidence();
    return Panache.withSession(() -> repository.pool(low))
        .invoke(this::apply)
        .replaceWithVoid()
        .onFailure()
        .invoke(() -> read.set(true))
        .onFailure()
        .recoverWithNull();
  }

  private void apply(StatsRepository.PoolCounts counts) {
    byStatus.values().forEach(v -> v.set(0));
    lowConfidence.set(0);
    for (StatsRepository.StatusCount row : counts.memories()) {
      byStatus.computeIfAbsent(row.status(), k -> new AtomicLong()).set(row.count());
      if (row.status().equals("active")) {
        lowConfidence.set(row.lowConfidence());
      }
    }
    quarantinedExchanges.set(counts.quarantinedExchanges());
    pending.set(counts.reflectorPending());
  }
}
