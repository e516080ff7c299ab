package dev.engram.recall.context;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code engram_recall_context_latency_seconds}: time to assemble a context block, a histogram
 * (common's LatencyHistograms) for the dashboard's p50/p95/p99; and {@code
 * engram_recall_context_stage_seconds} by {@code stage}: each source's call from its start to its
 * answer, the recall, the index reads, the time the request waited for the sources after the
 * recall, and the packing (so the critical path can be read off a running suite). Its own bean so
 * the series exists from the first scrape without building the context machinery at start-up.
 */
@Singleton
@Startup
class ContextMetrics {

  private final MeterRegistry registry;
  private final Timer latency;
  private final Map<String, Timer> stages = new ConcurrentHashMap<>();

  ContextMetrics(MeterRegistry registry) {
    this.registry = registry;
    latency =
        Timer.builder("engram.recall.context.latency")
            .description("Time to assemble a context block (every source, packing)")
            .register(registry);
  }

  void assembled(long nanos) {
    latency.record(nanos, TimeUnit.NANOSECONDS);
  }

  /** One stage of a context took {@code nanos}. */
  void stage(String stage, long nanos) {
    // Registered once per stage: a context records nine stages, and a lookup by builder costs
    // an id, its tags and the registry's map on every call.
    stages
        .computeIfAbsent(
            stage,
            s ->
                Timer.builder("engram.recall.context.stage")
                    .description(
                        "Time of one stage of a context block (a source's call, recall, index,"
                            + " wait)")
                    .tag("stage", s)
                    .register(registry))
        .record(nanos, TimeUnit.NANOSECONDS);
  }

  /** {@code pending}, its time from now to its answer (or failure) recorded as {@code stage}. */
  <T> CompletableFuture<T> timed(String stage, CompletableFuture<T> pending) {
    long started = System.nanoTime();
    return pending.whenComplete((answer, failure) -> stage(stage, System.nanoTime() - started));
  }
}
