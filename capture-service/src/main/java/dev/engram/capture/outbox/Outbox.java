package dev.engram.capture.outbox;

import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.capture.outbox.OutboxEvent.EventType;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/** Enqueues projection events; callers invoke it inside the transaction of the change itself. */
@ApplicationScoped
public class Outbox {

  /** The memory or exchange changed (created, edited, archived, superseded...). */
  public Uni<Void> upsert(String tenant, AggregateType type, long id) {
    return enqueue(tenant, EventType.UPSERT, type, id, 0);
  }

  /** The memory or exchange is gone; every derived trace must go too. */
  public Uni<Void> delete(String tenant, AggregateType type, long id, long version) {
    return enqueue(tenant, EventType.DELETE, type, id, version);
  }

  private static Uni<Void> enqueue(
      String tenant, EventType event, AggregateType type, Long id, long version) {
    OutboxEvent row = new OutboxEvent();
    row.tenant = tenant;
    row.eventType = event;
    row.aggregateType = type;
    row.aggregateId = id;
    row.version = version;
    row.createdAt = Instant.now();
    return row.persist().replaceWithVoid();
  }
}
