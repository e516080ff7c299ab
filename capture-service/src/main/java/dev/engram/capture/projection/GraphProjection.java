package dev.engram.capture.projection;

import dev.engram.capture.client.GraphOperation;
import dev.engram.capture.client.GraphOpsClient;
import dev.engram.capture.evidence.BeliefEvidence;
import dev.engram.capture.evidence.EvidenceLedger;
import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.exchange.ExchangeRepository;
import dev.engram.capture.fact.Fact;
import dev.engram.capture.fact.FactRepository;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryRepository;
import dev.engram.capture.outbox.OutboxEvent;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.capture.outbox.OutboxEvent.Target;
import dev.engram.capture.relation.MemoryRelation;
import dev.engram.capture.relation.RelationRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** graph-service's graph: memories, exchanges, facts, relations and belief evidence. */
@ApplicationScoped
class GraphProjection implements Projection<GraphOperation> {

  private final GraphOpsClient graph;
  private final MemoryRepository memoryRows;
  private final ExchangeRepository exchangeRows;
  private final FactRepository factRows;
  private final RelationRepository relationRows;
  private final EvidenceLedger evidenceRows;

  GraphProjection(
      GraphOpsClient graph,
      MemoryRepository memoryRows,
      ExchangeRepository exchangeRows,
      FactRepository factRows,
      RelationRepository relationRows,
      EvidenceLedger evidenceRows) {
    this.graph = graph;
    this.memoryRows = memoryRows;
    this.exchangeRows = exchangeRows;
    this.factRows = factRows;
    this.relationRows = relationRows;
    this.evidenceRows = evidenceRows;
  }

  @Override
  public Target target() {
    return Target.GRAPH;
  }

  @Override
  public long lockKey() {
    return 0x656e6772616d02L;
  }

  /** The rows a batch refers to, read in one query per type. */
  private record Rows(
      Map<Long, Memory> memories,
      Map<Long, Exchange> exchanges,
      Map<Long, Fact> facts,
      Map<Long, MemoryRelation> relations,
      Map<Long, BeliefEvidence> evidence) {}

  @Override
  public Uni<List<GraphOperation>> operations(List<OutboxEvent> events) {
    return Projection.load(
            Projection.upsertIds(events, AggregateType.MEMORY), memoryRows::byIds, m -> m.id)
        .chain(
            memories ->
                Projection.load(
                        Projection.upsertIds(events, AggregateType.EXCHANGE),
                        exchangeRows::byIds,
                        e -> e.id)
                    .chain(
                        exchanges ->
                            Projection.load(
                                    Projection.upsertIds(events, AggregateType.FACT),
                                    factRows::byIds,
                                    f -> f.id)
                                .chain(
                                    facts ->
                                        Projection.load(
                                                Projection.upsertIds(
                                                    events, AggregateType.RELATION),
                                                relationRows::byIds,
                                                r -> r.id)
                                            .chain(
                                                relations ->
                                                    Projection.load(
                                                            Projection.upsertIds(
                                                                events, AggregateType.EVIDENCE),
                                                            evidenceRows::byIds,
                                                            e -> e.id)
                                                        .map(
                                                            evidence ->
                                                                new Rows(
                                                                    memories, exchanges, facts,
                                                                    relations, evidence))))))
        .map(
            rows -> {
              List<GraphOperation> ops = new ArrayList<>(events.size());
              for (OutboxEvent event : events) {
                GraphOperation op = operation(event, rows);
                if (op != null) {
                  ops.add(op);
                }
              }
              return ops;
            });
  }

  private static GraphOperation operation(OutboxEvent event, Rows rows) {
    long id = event.aggregateId == null ? 0 : event.aggregateId;
    return switch (event.eventType) {
      case RESET -> GraphOperation.reset(event.tenant);
      case DELETE -> delete(event.tenant, event.aggregateType, id);
      case UPSERT ->
          switch (event.aggregateType) {
            case MEMORY -> {
              Memory m = rows.memories().get(id);
              yield m == null
                  ? GraphOperation.deleteMemory(event.tenant, id)
                  : GraphDocuments.of(m);
            }
            case EXCHANGE -> {
              Exchange e = rows.exchanges().get(id);
              yield e == null ? null : GraphDocuments.of(e).orElse(null);
            }
            case FACT -> {
              Fact f = rows.facts().get(id);
              yield f == null ? GraphOperation.deleteFact(event.tenant, id) : GraphDocuments.of(f);
            }
            case RELATION -> {
              MemoryRelation r = rows.relations().get(id);
              yield r == null
                  ? GraphOperation.deleteRelation(event.tenant, id)
                  : GraphDocuments.of(r);
            }
            case EVIDENCE -> {
              // Gone with its memory before delivery: graph-service never hears of it.
              BeliefEvidence e = rows.evidence().get(id);
              yield e == null ? null : GraphDocuments.of(e);
            }
            case TENANT -> null;
          };
    };
  }

  private static GraphOperation delete(String tenant, AggregateType type, long id) {
    return switch (type) {
      case MEMORY -> GraphOperation.deleteMemory(tenant, id);
      case FACT -> GraphOperation.deleteFact(tenant, id);
      case RELATION -> GraphOperation.deleteRelation(tenant, id);
      // exchanges are append-only, evidence is never deleted alone; the graph has no such delete
      case EXCHANGE, TENANT, EVIDENCE -> null;
    };
  }

  @Override
  public int size(GraphOperation op) {
    return op.textLength();
  }

  @Override
  public Uni<?> send(List<GraphOperation> operations) {
    return graph.apply(operations);
  }
}
