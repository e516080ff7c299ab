package dev.engram.recall.context;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;
import java.util.concurrent.TimeUnit;

/**
 * {@code engram_recall_context_latency_seconds}: time to assemble a context block, a histogram
 * (common's LatencyHistograms) for the dashboard's p50/p95/p99. Its own bean so the series exists
 * from the first scrape without building the context machinery at start-up.
 */
@Singleton
@Startup
class ContextMetrics {

  private final Timer latency;

  ContextMetrics(MeterRegistry registry) {
    latency =
        Timer.builder("engram.recall.context.latency")
            .description("Time to assemble a context block (every source, packing)")
            .register(registry);
  }

  void assembled(long nanos) {
    latency.record(nanos, TimeUnit.NANOSECONDS);
  }
}
