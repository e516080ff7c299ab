package dev.engram.common.warmup;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Not ready until the warm-up ({@link Warmup}) is over, so no caller meets a cold service. */
@Readiness
@ApplicationScoped
class WarmupReadinessCheck implements HealthCheck {

  private final Warmup warmup;

  WarmupReadinessCheck(Warmup warmup) {
    this.warmup = warmup;
  }

  @Override
  public HealthCheckResponse call() {
    Warmup.Progress p = warmup.progress();
    return HealthCheckResponse.named("warm-up")
        .status(p.done())
        .withData(p.done() ? "done" : "reason", p.done() ? p.detail() : "warming up: " + p.detail())
        .build();
  }
}
