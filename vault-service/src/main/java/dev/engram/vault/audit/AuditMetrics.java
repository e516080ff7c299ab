package dev.engram.vault.audit;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Audits as metrics: {@code engram_vault_audit_duration_seconds{result}} (count = runs; result
 * {@code clean}, {@code findings}, or {@code incomplete} when a source was down) and {@code
 * engram_vault_audit_last_findings}.
 */
@Singleton
@Startup // so the meters exist from the first scrape
class AuditMetrics {

  private final MeterRegistry registry;
  private final AtomicLong lastFindings = new AtomicLong();

  AuditMetrics(MeterRegistry registry) {
    this.registry = registry;
    Gauge.builder("engram.vault.audit.last.findings", lastFindings, AtomicLong::get)
        .description("Findings of the last audit (integrity, drift, orphans, contradictions)")
        .register(registry);
    for (String result : new String[] {"clean", "findings", "incomplete"}) {
      timer(result);
    }
  }

  private Timer timer(String result) {
    return Timer.builder("engram.vault.audit.duration")
        .description("Time of one audit, by its result")
        .tag("result", result)
        .register(registry);
  }

  void finished(long findings, boolean complete, Duration took) {
    lastFindings.set(findings);
    timer(!complete ? "incomplete" : findings == 0 ? "clean" : "findings").record(took);
  }
}
