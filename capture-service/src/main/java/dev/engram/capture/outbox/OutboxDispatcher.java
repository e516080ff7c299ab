package dev.engram.capture.outbox;

import dev.engram.capture.client.IndexOperation;
import dev.engram.capture.client.RecallIndexClient;
import dev.engram.capture.client.RecallIndexClient.DeliveryFailure;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.capture.outbox.OutboxEvent.EventType;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Sort;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * Delivers outbox events to recall-service in id order, at least once. A batch is read, sent and
 * deleted in one transaction holding an advisory lock, so only one dispatcher (of any number of
 * capture-service replicas) delivers at a time and an event is deleted only after recall-service
 * has committed it. Failures back off exponentially; a batch recall-service refuses as invalid is
 * retried one event at a time, and the event it refuses alone is parked as dead (with its error)
 * instead of blocking everything behind it.
 */
@ApplicationScoped
class OutboxDispatcher {

  private static final Logger LOG = Logger.getLogger(OutboxDispatcher.class);
  private static final long LOCK_KEY = 0x656e6772616dL; // "engram"
  private static final int MAX_BATCHES_PER_TICK = 64;

  /** Keeps one request to recall-service well under its body limit, whatever the texts' sizes. */
  private static final int MAX_CHARS_PER_REQUEST = 1_000_000;

  private final RecallIndexClient recall;
  private final CaptureConfig.Outbox config;
  private final OutboxStats stats;

  private volatile Instant pausedUntil = Instant.EPOCH;
  private volatile int consecutiveFailures;

  /** Single-event deliveries still to make after recall-service refused a whole batch. */
  private volatile int isolating;

  OutboxDispatcher(RecallIndexClient recall, CaptureConfig config, OutboxStats stats) {
    this.recall = recall;
    this.config = config.outbox();
    this.stats = stats;
  }

  void schedule(@Observes StartupEvent event, Ticker ticker) {
    ticker.every(config.pollInterval(), "outbox-dispatcher", this::drain);
  }

  /** Delivers batches until the outbox is empty, a delivery fails, or the tick's quota is used. */
  Uni<Void> drain() {
    if (Instant.now().isBefore(pausedUntil)) {
      return Uni.createFrom().voidItem();
    }
    return Multi.createBy()
        .repeating()
        .uni(this::deliverOneBatch)
        .whilst(delivered -> delivered > 0 && !Instant.now().isBefore(pausedUntil))
        .select()
        .first(MAX_BATCHES_PER_TICK)
        .collect()
        .last()
        .replaceWithVoid();
  }

  private Uni<Integer> deliverOneBatch() {
    int size = isolating > 0 ? 1 : config.batchSize();
    List<Long> attempted = new ArrayList<>();
    return Panache.withTransaction(
            () ->
                tryLock()
                    .chain(
                        locked ->
                            !locked
                                ? Uni.createFrom().item(List.<OutboxEvent>of())
                                : OutboxEvent.<OutboxEvent>find("deadAt is null", Sort.by("id"))
                                    .page(0, size)
                                    .list())
                    .chain(
                        events -> {
                          if (events.isEmpty()) {
                            return Uni.createFrom().item(0);
                          }
                          events.forEach(e -> attempted.add(e.id));
                          return operations(events)
                              .chain(this::send)
                              .chain(
                                  result ->
                                      OutboxEvent.delete("id in ?1", attempted)
                                          .replaceWith(events.size()));
                        }))
        .invoke(delivered -> delivered(delivered))
        .onFailure()
        .recoverWithUni(failure -> failed(attempted, failure).replaceWith(0));
  }

  /** Sends the operations in order, in requests of bounded size. */
  private Uni<Integer> send(List<IndexOperation> operations) {
    List<List<IndexOperation>> requests = new ArrayList<>();
    List<IndexOperation> current = new ArrayList<>();
    long chars = 0;
    for (IndexOperation op : operations) {
      int size = op.document() == null ? 0 : op.document().text().length();
      if (!current.isEmpty() && chars + size > MAX_CHARS_PER_REQUEST) {
        requests.add(current);
        current = new ArrayList<>();
        chars = 0;
      }
      current.add(op);
      chars += size;
    }
    requests.add(current);
    return Multi.createFrom()
        .iterable(requests)
        .onItem()
        .transformToUniAndConcatenate(recall::apply)
        .collect()
        .last()
        .replaceWith(operations.size());
  }

  private static Uni<Boolean> tryLock() {
    return Panache.getSession()
        .chain(
            session ->
                session
                    .createNativeQuery(
                        "select pg_try_advisory_xact_lock(" + LOCK_KEY + ")", Boolean.class)
                    .getSingleResult());
  }

  /** The index operations for a batch, in event order, with rows read as they are now. */
  private static Uni<List<IndexOperation>> operations(List<OutboxEvent> events) {
    List<Long> memoryIds = ids(events, AggregateType.MEMORY);
    List<Long> exchangeIds = ids(events, AggregateType.EXCHANGE);
    Uni<Map<Long, Memory>> memories =
        memoryIds.isEmpty()
            ? Uni.createFrom().item(Map.of())
            : Memory.<Memory>list("id in ?1", memoryIds)
                .map(
                    rows ->
                        rows.stream().collect(Collectors.toMap(m -> m.id, Function.identity())));
    Uni<Map<Long, Exchange>> exchanges =
        exchangeIds.isEmpty()
            ? Uni.createFrom().item(Map.of())
            : Exchange.<Exchange>list("id in ?1", exchangeIds)
                .map(
                    rows ->
                        rows.stream().collect(Collectors.toMap(e -> e.id, Function.identity())));
    return memories.chain(
        m -> exchanges.map(x -> events.stream().map(event -> operation(event, m, x)).toList()));
  }

  private static IndexOperation operation(
      OutboxEvent event, Map<Long, Memory> memories, Map<Long, Exchange> exchanges) {
    String kind =
        event.aggregateType == AggregateType.MEMORY
            ? IndexDocuments.MEMORY
            : IndexDocuments.EXCHANGE;
    return switch (event.eventType) {
      case RESET -> IndexOperation.reset(event.tenant);
      case DELETE -> IndexOperation.delete(event.tenant, kind, event.aggregateId, event.version);
      case UPSERT -> {
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

  private static List<Long> ids(List<OutboxEvent> events, AggregateType type) {
    return events.stream()
        .filter(e -> e.eventType == EventType.UPSERT && e.aggregateType == type)
        .map(e -> e.aggregateId)
        .distinct()
        .toList();
  }

  private void delivered(int count) {
    if (count == 0) {
      return;
    }
    if (consecutiveFailures > 0) {
      LOG.infof("Outbox delivery resumed after %d failed attempt(s)", consecutiveFailures);
    }
    consecutiveFailures = 0;
    if (isolating > 0) {
      isolating--;
    }
    stats.delivered(count);
  }

  private Uni<Void> failed(List<Long> attempted, Throwable failure) {
    String error =
        failure instanceof DeliveryFailure d ? d.getMessage() : "delivery failed: " + failure;
    boolean permanent = failure instanceof DeliveryFailure d && d.permanent();
    boolean dead = permanent && attempted.size() == 1;
    if (dead) {
      isolating = 0;
    } else if (permanent) {
      isolating = attempted.size();
    }
    int failures = ++consecutiveFailures;
    // A refused batch is retried at once, one event at a time; an outage backs off.
    Duration wait = permanent ? Duration.ZERO : backoff(failures);
    pausedUntil = Instant.now().plus(wait);
    stats.failed(error);
    if (failures == 1 || failures % 20 == 0 || dead) {
      LOG.warnf(
          "Outbox delivery of %d event(s) failed (%s)%s; retrying in %d ms",
          attempted.size(), error, dead ? ", parked as dead" : "", wait.toMillis());
    }
    if (attempted.isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    String truncated = error.length() > 500 ? error.substring(0, 500) : error;
    return Panache.withTransaction(
            () ->
                OutboxEvent.update(
                    "attempts = attempts + 1, lastError = ?1, lastAttemptAt = ?2, deadAt = ?3"
                        + " where id in ?4",
                    truncated,
                    Instant.now(),
                    dead ? Instant.now() : null,
                    attempted))
        .replaceWithVoid()
        .onFailure()
        .recoverWithNull();
  }

  private Duration backoff(int failures) {
    long initial = config.backoffInitial().toMillis();
    long max = config.backoffMax().toMillis();
    long wait = initial << Math.min(failures - 1, 20);
    return Duration.ofMillis(Math.min(wait, max));
  }
}
