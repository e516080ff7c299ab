package dev.engram.capture.reflector;

import dev.engram.capture.learn.Tally;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Reflector throughput and extraction counts as metrics: {@code engram_reflector_exchanges_total},
 * {@code engram_reflector_memories_total{outcome=...}}, {@code
 * engram_reflector_runs_total{status}}, {@code engram_reflector_run_seconds}.
 */
@ApplicationScoped
@Startup // so every series exists from the first scrape
class ReflectorMetrics {

  private static final List<String> OUTCOMES =
      List.of(
          "extracted",
          "inserted",
          "touched",
          "superseded",
          "quarantined",
          "skipped",
          "decayed",
          "archived");

  private final MeterRegistry registry;
  private final Counter exchanges;
  private final Timer duration;

  ReflectorMetrics(MeterRegistry registry) {
    this.registry = registry;
    this.exchanges =
        Counter.builder("engram.reflector.exchanges")
            .description("Exchanges the Reflector read")
            .register(registry);
    this.duration =
        Timer.builder("engram.reflector.run")
            .description("Duration of a Reflector run over one tenant")
            .register(registry);
    // Every series exists from the start, so rate() and the alerts see the first failure.
    for (ReflectorRun.Status status : ReflectorRun.Status.values()) {
      if (status != ReflectorRun.Status.RUNNING) {
        runs(status);
      }
    }
    for (String outcome : OUTCOMES) {
      memories(outcome);
    }
  }

  void batch(int read, Tally tally, int skipped) {
    exchanges.increment(read);
    outcome("extracted", tally.extracted);
    outcome("inserted", tally.inserted);
    outcome("touched", tally.touched);
    outcome("superseded", tally.superseded);
    outcome("quarantined", tally.quarantined);
    outcome("skipped", skipped + tally.skipped);
  }

  void lifecycle(int decayed, int archived) {
    outcome("decayed", decayed);
    outcome("archived", archived);
  }

  void finished(ReflectorRun run, Duration took) {
    duration.record(took);
    runs(run.status).increment();
  }

  private Counter runs(ReflectorRun.Status status) {
    return Counter.builder("engram.reflector.runs")
        .description("Reflector runs by outcome")
        .tag("status", status.name().toLowerCase(Locale.ROOT))
        .register(registry);
  }

  private Counter memories(String outcome) {
    return Counter.builder("engram.reflector.memories")
        .description("What the Reflector did with what it found")
        .tag("outcome", outcome)
        .register(registry);
  }

  private void outcome(String outcome, int count) {
    if (count > 0) {
      memories(outcome).increment(count);
    }
  }
}
