package dev.engram.graph.operations;

import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.operations.GraphOperationsRequest.BeliefEvidence;
import dev.engram.graph.operations.GraphOperationsRequest.DeleteFact;
import dev.engram.graph.operations.GraphOperationsRequest.DeleteMemory;
import dev.engram.graph.operations.GraphOperationsRequest.DeleteRelation;
import dev.engram.graph.operations.GraphOperationsRequest.Operation;
import dev.engram.graph.operations.GraphOperationsRequest.Reset;
import dev.engram.graph.operations.GraphOperationsRequest.UpsertExchange;
import dev.engram.graph.operations.GraphOperationsRequest.UpsertFact;
import dev.engram.graph.operations.GraphOperationsRequest.UpsertMemory;
import dev.engram.graph.operations.GraphOperationsRequest.UpsertRelation;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies a batch from capture-service's outbox. Every operation is checked first (one bad
 * operation rejects the batch, nothing applied). Then, between resets, each tenant's operations are
 * applied in one transaction (see {@link #applyInOrder} for the order). Every write is a MERGE on
 * (tenant, id) and an older version is skipped, so a replay changes nothing.
 */
@ApplicationScoped
class OperationsService {

  private static final int MAX_REPORTED_VIOLATIONS = 20;

  private final Neo4jClient neo4j;
  private final GraphConfig config;
  private final MemoryWriter memories;
  private final FactWriter facts;
  private final RelationWriter relations;
  private final EvidenceWriter evidence;
  private final Forgetter forgetter;
  private final TenantReset reset;
  private final BatchFollowUp followUp;
  private final IngestMetrics metrics;

  OperationsService(
      Neo4jClient neo4j,
      GraphConfig config,
      MemoryWriter memories,
      FactWriter facts,
      RelationWriter relations,
      EvidenceWriter evidence,
      Forgetter forgetter,
      TenantReset reset,
      BatchFollowUp followUp,
      IngestMetrics metrics) {
    this.neo4j = neo4j;
    this.config = config;
    this.memories = memories;
    this.facts = facts;
    this.relations = relations;
    this.evidence = evidence;
    this.forgetter = forgetter;
    this.reset = reset;
    this.followUp = followUp;
    this.metrics = metrics;
  }

  GraphOperationsResponse apply(List<Operation> operations) {
    long started = System.nanoTime();
    GraphOperationsResponse response = null;
    try {
      response = applyChecked(operations);
      return response;
    } finally {
      metrics.batch(operations, response, System.nanoTime() - started);
    }
  }

  private GraphOperationsResponse applyChecked(List<Operation> operations) {
    OperationChecks.check(operations, config.operations().maxPerBatch(), MAX_REPORTED_VIOLATIONS);
    int applied = 0;
    int skipped = 0;
    List<Operation> segment = new ArrayList<>();
    for (Operation op : operations) {
      if (op instanceof Reset r) {
        int[] counts = applySegment(segment);
        applied += counts[0] + 1;
        skipped += counts[1];
        segment.clear();
        reset.reset(r.tenant());
      } else {
        segment.add(op);
      }
    }
    int[] counts = applySegment(segment);
    return new GraphOperationsResponse(applied + counts[0], skipped + counts[1]);
  }

  /** Operations of different tenants are independent, so each tenant gets its transaction. */
  private int[] applySegment(List<Operation> segment) {
    Map<String, List<Operation>> byTenant = new LinkedHashMap<>();
    segment.forEach(op -> byTenant.computeIfAbsent(op.tenant(), t -> new ArrayList<>()).add(op));
    int[] counts = new int[2];
    byTenant.forEach(
        (tenant, ops) -> {
          TenantBatch batch =
              neo4j.inTransaction(
                  config.operations().batchTimeout(),
                  tx -> {
                    TenantBatch b = new TenantBatch(tx, tenant);
                    applyInOrder(b, ops);
                    followUp.finish(b);
                    return b;
                  });
          counts[0] += batch.applied;
          counts[1] += batch.skipped;
        });
    return counts;
  }

  /**
   * Upserts between two deletes commute (each is a MERGE on its own id; a fact or relation naming a
   * memory not written yet gets a placeholder), so they are grouped by kind — memories, exchanges,
   * facts, relations, belief evidence (beliefs are not projected from memories, so evidence
   * commutes with the projection; its own order is kept) — and each group is written with a few
   * statements. Capture's outbox sends a memory and its facts interleaved; without grouping that
   * would be a few statements per operation. Deletes keep their place in the order.
   */
  private void applyInOrder(TenantBatch batch, List<Operation> ops) {
    List<Operation> upserts = new ArrayList<>();
    for (Operation op : ops) {
      if (op instanceof DeleteMemory || op instanceof DeleteFact || op instanceof DeleteRelation) {
        applyUpserts(batch, upserts);
        upserts.clear();
        applyRun(batch, List.of(op));
      } else {
        upserts.add(op);
      }
    }
    applyUpserts(batch, upserts);
  }

  private void applyUpserts(TenantBatch batch, List<Operation> upserts) {
    for (Class<?> kind :
        List.of(
            UpsertMemory.class,
            UpsertExchange.class,
            UpsertFact.class,
            UpsertRelation.class,
            BeliefEvidence.class)) {
      List<Operation> group = upserts.stream().filter(kind::isInstance).toList();
      if (!group.isEmpty()) {
        applyRun(batch, group);
      }
    }
  }

  /** Operations of one kind, in order. */
  private void applyRun(TenantBatch batch, List<Operation> run) {
    switch (run.getFirst()) {
      case UpsertMemory ignored ->
          memories.upsertMemories(batch, docs(run, UpsertMemory.class, UpsertMemory::memory));
      case UpsertExchange ignored ->
          memories.upsertExchanges(
              batch, docs(run, UpsertExchange.class, UpsertExchange::exchange));
      case UpsertFact ignored -> facts.upsert(batch, docs(run, UpsertFact.class, UpsertFact::fact));
      case UpsertRelation ignored ->
          relations.upsert(batch, docs(run, UpsertRelation.class, UpsertRelation::relation));
      case DeleteMemory ignored ->
          run.forEach(op -> forgetter.forget(batch, ((DeleteMemory) op).id()));
      case DeleteFact ignored -> run.forEach(op -> facts.delete(batch, ((DeleteFact) op).id()));
      case DeleteRelation ignored ->
          run.forEach(
              op -> {
                relations.delete(batch, ((DeleteRelation) op).id());
                batch.applied++;
              });
      case BeliefEvidence ignored ->
          evidence.add(batch, docs(run, BeliefEvidence.class, BeliefEvidence::evidence));
      case Reset ignored -> throw new IllegalStateException("resets are applied between segments");
    }
  }

  private static <O, D> List<D> docs(
      List<Operation> run, Class<O> type, java.util.function.Function<O, D> doc) {
    return run.stream().map(type::cast).map(doc).toList();
  }
}
