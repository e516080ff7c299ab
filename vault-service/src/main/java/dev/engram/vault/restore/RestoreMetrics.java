package dev.engram.vault.restore;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;
import java.util.concurrent.TimeUnit;

/** Restores as metrics: {@code engram_vault_restore_duration_seconds{outcome}} (count = runs). */
@Singleton
@Startup // so the meters exist from the first scrape
class RestoreMetrics {

  private final MeterRegistry registry;

  RestoreMetrics(MeterRegistry registry) {
    this.registry = registry;
    timer("succeeded");
    timer("failed");
  }

  private Timer timer(String outcome) {
    return Timer.builder("engram.vault.restore.duration")
        .description("Time of one restore (verify, import, reproject), by how it ended")
        .tag("outcome", outcome)
        .register(registry);
  }

  /** Records a finished restore; {@code state} is the job's final state. */
  void finished(String state, long nanos) {
    timer("succeeded".equals(state) ? "succeeded" : "failed").record(nanos, TimeUnit.NANOSECONDS);
  }
}
