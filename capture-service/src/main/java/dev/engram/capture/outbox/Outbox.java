package dev.engram.capture.outbox;

import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.capture.outbox.OutboxEvent.EventType;
import dev.engram.capture.outbox.OutboxEvent.Target;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/**
 * Enqueues projection events; callers invoke it inside the transaction of the change itself.
 * Memories and exchanges go to both projections; facts, relations and evidence to the graph only.
 */
@ApplicationScoped
public class Outbox {

  private static final List<Target> BOTH = List.of(Target.RECALL, Target.GRAPH);
  private static final List<Target> GRAPH = List.of(Target.GRAPH);

  private final OutboxSignal signal;

  Outbox(OutboxSignal signal) {
    this.signal = signal;
  }

  /** The row changed (created, edited, archived, superseded, quarantined, released...). */
  public Uni<Void> upsert(String tenant, AggregateType type, long id) {
    return enqueue(tenant, EventType.UPSERT, type, id, 0);
  }

  /** The row is gone; every derived trace must go too. */
  public Uni<Void> delete(String tenant, AggregateType type, long id, long version) {
    return enqueue(tenant, EventType.DELETE, type, id, version);
  }

  /** The projections a change of this kind of row goes to. */
  public static List<Target> targets(AggregateType type) {
    return switch (type) {
      case FACT, RELATION, EVIDENCE -> GRAPH;
      case MEMORY, EXCHANGE, TENANT -> BOTH;
    };
  }

  private Uni<Void> enqueue(
      String tenant, EventType event, AggregateType type, Long id, long version) {
    Instant now = Instant.now();
    String traceparent = TraceContext.currentTraceparent();
    List<OutboxEvent> rows =
        targets(type).stream()
            .map(
                target -> {
                  OutboxEvent row = new OutboxEvent();
                  row.tenant = tenant;
                  row.target = target;
                  row.eventType = event;
                  row.aggregateType = type;
                  row.aggregateId = id;
                  row.version = version;
                  row.createdAt = now;
                  row.traceparent = traceparent;
                  return row;
                })
            .toList();
    signal.enqueued();
    return OutboxEvent.persist(rows);
  }
}
