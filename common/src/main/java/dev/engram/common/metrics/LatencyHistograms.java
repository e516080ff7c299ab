package dev.engram.common.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Set;

/**
 * Turns the latency timers a dashboard shows as p50/p95/p99 into Prometheus histograms: every HTTP
 * endpoint ({@code http_server_requests_seconds_bucket{uri}}) and the services' own end-to-end
 * timings. Buckets, not client-side quantiles, because only buckets can be summed across pods
 * before {@code histogram_quantile}. The SLO buckets make "share of requests under 250 ms" exact.
 */
@ApplicationScoped
public class LatencyHistograms {

  /** The timers that get buckets; per-stage timers stay summaries to keep the series count low. */
  public static final Set<String> TIMERS =
      Set.of(
          "http.server.requests",
          "engram.recall.latency",
          "engram.recall.context.latency",
          "engram.graph.ingest.batch",
          "engram.graph.centrality.run");

  static final Duration[] SLOS = {
    Duration.ofMillis(50),
    Duration.ofMillis(100),
    Duration.ofMillis(250),
    Duration.ofMillis(500),
    Duration.ofSeconds(1),
    Duration.ofMillis(2500)
  };

  @Produces
  @Singleton
  MeterFilter latencyHistograms() {
    return filter();
  }

  /** The filter itself, for registries outside CDI (unit tests). */
  public static MeterFilter filter() {
    return new MeterFilter() {
      @Override
      public DistributionStatisticConfig configure(
          Meter.Id id, DistributionStatisticConfig config) {
        if (id.getType() != Meter.Type.TIMER || !TIMERS.contains(id.getName())) {
          return config;
        }
        return DistributionStatisticConfig.builder()
            .percentilesHistogram(true)
            .serviceLevelObjectives(nanos(SLOS))
            // Clipping the bucket range keeps ~60 buckets per series instead of ~270.
            .minimumExpectedValue((double) Duration.ofMillis(1).toNanos())
            .maximumExpectedValue((double) Duration.ofSeconds(60).toNanos())
            .build()
            .merge(config);
      }
    };
  }

  private static double[] nanos(Duration[] durations) {
    double[] values = new double[durations.length];
    for (int i = 0; i < durations.length; i++) {
      values[i] = durations[i].toNanos();
    }
    return values;
  }
}
