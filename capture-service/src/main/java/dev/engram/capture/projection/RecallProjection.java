package dev.engram.capture.projection;

import dev.engram.capture.client.IndexOperation;
import dev.engram.capture.client.RecallIndexClient;
import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.exchange.ExchangeRepository;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryRepository;
import dev.engram.capture.outbox.OutboxEvent;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.capture.outbox.OutboxEvent.Target;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** recall-service's index: memories and exchanges. */
@ApplicationScoped
class RecallProjection implements Projection<IndexOperation> {

  private final RecallIndexClient recall;
  private final MemoryRepository memoryRows;
  private final ExchangeRepository exchangeRows;

  RecallProjection(
      RecallIndexClient recall, MemoryRepository memoryRows, ExchangeRepository exchangeRows) {
    this.recall = recall;
    this.memoryRows = memoryRows;
    this.exchangeRows = exchangeRows;
  }

  @Override
  public Target target() {
    return Target.RECALL;
  }

  @Override
  public long lockKey() {
    return 0x656e6772616dL; // "engram", the key of the single dispatcher before there were two
  }

  @Override
  public Uni<List<IndexOperation>> operations(List<OutboxEvent> events) {
    Uni<Map<Long, Memory>> memories =
        Projection.load(
            Projection.upsertIds(events, AggregateType.MEMORY), memoryRows::byIds, m -> m.id);
    Uni<Map<Long, Exchange>> exchanges =
        Projection.load(
            Projection.upsertIds(events, AggregateType.EXCHANGE), exchangeRows::byIds, e -> e.id);
    return memories.chain(
        m ->
            exchanges.map(
                x -> {
                  List<IndexOperation> ops = new ArrayList<>(events.size());
                  for (OutboxEvent event : events) {
                    IndexOperation op = operation(event, m, x);
                    if (op != null) {
                      ops.add(op);
                    }
                  }
                  return ops;
                }));
  }

  private static IndexOperation operation(
      OutboxEvent event, Map<Long, Memory> memories, Map<Long, Exchange> exchanges) {
    String kind =
        switch (event.aggregateType) {
          case MEMORY -> IndexDocuments.MEMORY;
          case EXCHANGE -> IndexDocuments.EXCHANGE;
          default -> null;
        };
    return switch (event.eventType) {
      case RESET -> IndexOperation.reset(event.tenant);
      case DELETE ->
          kind == null
              ? null
              : IndexOperation.delete(event.tenant, kind, event.aggregateId, event.version);
      case UPSERT -> {
        if (kind == null) {
          yield null; // facts and relations are not indexed
        }
        Memory memory = memories.get(event.aggregateId);
        Exchange exchange = exchanges.get(event.aggregateId);
        if (event.aggregateType == AggregateType.MEMORY && memory != null) {
          yield IndexDocuments.of(memory);
        }
        if (event.aggregateType == AggregateType.EXCHANGE && exchange != null) {
          yield IndexDocuments.of(exchange);
        }
        // Deleted since: its own DELETE event follows; deleting now is the same outcome.
        yield IndexOperation.delete(event.tenant, kind, event.aggregateId, event.version);
      }
    };
  }

  @Override
  public int size(IndexOperation op) {
    return op.document() == null ? 0 : op.document().text().length();
  }

  @Override
  public Uni<?> send(List<IndexOperation> operations) {
    return recall.apply(operations);
  }
}
