package dev.engram.recall.index;

import dev.engram.contracts.index.DocKind;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;

/** Index meters for operators: documents per kind, operations applied and skipped. */
@Singleton
@Startup // so the meters exist from the first scrape
class IndexMetrics {

  private final Counter applied;
  private final Counter skipped;

  IndexMetrics(MeterRegistry registry, IndexStore store) {
    for (DocKind kind : DocKind.values()) {
      Gauge.builder("engram.recall.index.documents", store, s -> safeCount(s, kind))
          .description("Documents in the recall index")
          .tag("kind", kind.wire())
          .register(registry);
    }
    applied = operations(registry, "applied");
    skipped = operations(registry, "skipped");
  }

  private static Counter operations(MeterRegistry registry, String outcome) {
    return Counter.builder("engram.recall.index.operations")
        .description("Operations of the internal index API: applied, or skipped as stale")
        .tag("outcome", outcome)
        .register(registry);
  }

  void record(ApplyResult result) {
    applied.increment(result.applied());
    skipped.increment(result.skipped());
  }

  private static double safeCount(IndexStore store, DocKind kind) {
    try {
      return store.count(kind);
    } catch (RuntimeException e) {
      return Double.NaN; // index unavailable: readiness says why
    }
  }
}
