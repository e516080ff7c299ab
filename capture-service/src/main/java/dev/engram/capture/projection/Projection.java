package dev.engram.capture.projection;

import dev.engram.capture.outbox.OutboxEvent;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.capture.outbox.OutboxEvent.EventType;
import dev.engram.capture.outbox.OutboxEvent.Target;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One projection the outbox feeds: how a batch of its events becomes operations (rows read as they
 * are now) and how operations are sent. Each has its own dispatcher and advisory lock.
 *
 * @param <O> the operation type of the receiving service's API
 */
interface Projection<O> {

  Target target();

  /** The PostgreSQL advisory lock key that lets one dispatcher of this target run at a time. */
  long lockKey();

  /** The operations for these events, in event order; an event may yield none. */
  Uni<List<O>> operations(List<OutboxEvent> events);

  /** Characters of text one operation carries (to bound request sizes). */
  int size(O operation);

  /** Sends one request's worth of operations; fails with a DeliveryFailure. */
  Uni<?> send(List<O> operations);

  /** Ids of the rows these events upsert, for one aggregate type. */
  static List<Long> upsertIds(List<OutboxEvent> events, AggregateType type) {
    return events.stream()
        .filter(e -> e.eventType == EventType.UPSERT && e.aggregateType == type)
        .map(e -> e.aggregateId)
        .distinct()
        .toList();
  }

  /** Loads rows by id into a map (empty without a query when there are none). */
  static <T> Uni<Map<Long, T>> load(
      List<Long> ids, Function<List<Long>, Uni<List<T>>> query, Function<T, Long> id) {
    if (ids.isEmpty()) {
      return Uni.createFrom().item(Map.of());
    }
    return query
        .apply(ids)
        .map(rows -> rows.stream().collect(Collectors.toMap(id, Function.identity())));
  }
}
