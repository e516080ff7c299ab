package dev.engram.common.metrics;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheus.PrometheusConfig;
import io.micrometer.prometheus.PrometheusMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LatencyHistogramsTest {

  private final PrometheusMeterRegistry registry = registry();

  private static PrometheusMeterRegistry registry() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    registry.config().meterFilter(LatencyHistograms.filter());
    return registry;
  }

  @Test
  void httpAndRecallTimersGetBucketsWithTheSloBoundaries() {
    Timer.builder("http.server.requests").tag("uri", "/v1/recall").register(registry);
    Timer.builder("engram.recall.latency").register(registry).record(Duration.ofMillis(120));

    String scrape = registry.scrape();

    assertTrue(
        scrape.contains("http_server_requests_seconds_bucket{uri=\"/v1/recall\",le=\"0.25\""));
    assertTrue(scrape.contains("engram_recall_latency_seconds_bucket{le=\"0.1\",} 0.0"), scrape);
    assertTrue(scrape.contains("engram_recall_latency_seconds_bucket{le=\"0.25\",} 1.0"), scrape);
    assertTrue(scrape.contains("engram_recall_latency_seconds_bucket{le=\"+Inf\",} 1.0"));
  }

  @Test
  void otherTimersStaySummaries() {
    Timer.builder("engram.recall.signal.latency").register(registry).record(Duration.ofMillis(3));

    assertFalse(registry.scrape().contains("engram_recall_signal_latency_seconds_bucket"));
  }
}
