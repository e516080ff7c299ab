package dev.engram.common.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.vertx.http.ManagementInterface;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Readiness as the kubelet sees it, for the "readiness flapping" alert: watches the answers of
 * {@code /q/health/ready} (on the main port, or the management port when it is enabled) and exposes
 * {@code engram_readiness_up} (the last answer, 1 ready, 0 not) and {@code
 * engram_readiness_changes_total} (how often it flipped). The probes themselves are the sampling,
 * so nothing calls the checks a second time.
 */
@ApplicationScoped
public class ReadinessMeter {

  private static final int UNKNOWN = -1;

  private final AtomicInteger last = new AtomicInteger(UNKNOWN);
  private final Counter changes;

  ReadinessMeter(MeterRegistry registry) {
    Gauge.builder("engram.readiness.up", last, v -> v.get() == UNKNOWN ? Double.NaN : v.get())
        .description("1 when the last readiness probe was answered ready, 0 when not")
        .register(registry);
    changes =
        Counter.builder("engram.readiness.changes")
            .description("Times the readiness answer flipped between ready and not ready")
            .register(registry);
  }

  void onMainRouter(@Observes Filters filters) {
    filters.register(this::watch, Integer.MAX_VALUE - 1);
  }

  void onManagementRouter(@Observes ManagementInterface management) {
    management.router().route().order(Integer.MIN_VALUE).handler(this::watch);
  }

  private void watch(RoutingContext rc) {
    if (rc.normalizedPath().endsWith("/health/ready")) {
      rc.addHeadersEndHandler(v -> answered(rc.response().getStatusCode()));
    }
    rc.next();
  }

  /** Records one readiness answer by its HTTP status. */
  void answered(int status) {
    int ready = status == 200 ? 1 : 0;
    int before = last.getAndSet(ready);
    if (before != UNKNOWN && before != ready) {
      changes.increment();
    }
  }
}
