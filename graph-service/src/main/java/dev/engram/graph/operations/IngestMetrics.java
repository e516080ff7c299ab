package dev.engram.graph.operations;

import dev.engram.graph.operations.GraphOperationsRequest.DeleteFact;
import dev.engram.graph.operations.GraphOperationsRequest.Operation;
import dev.engram.graph.operations.GraphOperationsRequest.UpsertFact;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The outbox's batches as graph-service sees them: {@code
 * engram_graph_ingest_batch_seconds{outcome}} (latency, a histogram), {@code
 * engram_graph_ingest_operations} and {@code engram_graph_ingest_facts} (sizes per batch), {@code
 * engram_graph_ingest_results_total{outcome}} (operations applied, or skipped as older than
 * stored).
 */
@Singleton
@Startup // so the meters exist from the first scrape
class IngestMetrics {

  private final Timer succeeded;
  private final Timer failed;
  private final DistributionSummary operations;
  private final DistributionSummary facts;
  private final Counter applied;
  private final Counter skipped;

  IngestMetrics(MeterRegistry registry) {
    succeeded = batch(registry, "succeeded");
    failed = batch(registry, "failed");
    operations =
        DistributionSummary.builder("engram.graph.ingest.operations")
            .description("Operations per batch from capture-service's outbox")
            .register(registry);
    facts =
        DistributionSummary.builder("engram.graph.ingest.facts")
            .description("Fact upserts and deletes per batch")
            .register(registry);
    applied = result(registry, "applied");
    skipped = result(registry, "skipped");
  }

  private static Timer batch(MeterRegistry registry, String outcome) {
    return Timer.builder("engram.graph.ingest.batch")
        .description("Time to check and apply one batch of graph operations")
        .tag("outcome", outcome)
        .register(registry);
  }

  private static Counter result(MeterRegistry registry, String outcome) {
    return Counter.builder("engram.graph.ingest.results")
        .description("Graph operations applied, or skipped as older than the stored version")
        .tag("outcome", outcome)
        .register(registry);
  }

  /** Records one batch; {@code response} is null when it failed (rejected or Neo4j errored). */
  void batch(List<Operation> batch, GraphOperationsResponse response, long nanos) {
    List<Operation> ops = batch == null ? List.of() : batch; // a body without operations
    operations.record(ops.size());
    facts.record(
        ops.stream().filter(op -> op instanceof UpsertFact || op instanceof DeleteFact).count());
    if (response == null) {
      failed.record(nanos, TimeUnit.NANOSECONDS);
      return;
    }
    succeeded.record(nanos, TimeUnit.NANOSECONDS);
    applied.increment(response.applied());
    skipped.increment(response.skipped());
  }
}
