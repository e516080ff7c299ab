package dev.engram.capture.projection;

import dev.engram.capture.client.DeliveryFailure;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.outbox.OutboxEvent;
import dev.engram.capture.outbox.OutboxRepository;
import dev.engram.capture.outbox.OutboxSignal;
import dev.engram.capture.outbox.OutboxStats;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Delivers one projection's outbox events in id order, at least once. A batch is read, sent and
 * deleted in one transaction holding the projection's advisory lock, so only one dispatcher per
 * projection (of any number of capture-service replicas) delivers at a time and an event is deleted
 * only after the receiving service has committed it. Failures back off exponentially; a batch the
 * receiver refuses as invalid is retried one event at a time, and the event it refuses alone is
 * parked as dead (with its error) instead of blocking everything behind it. Each projection has its
 * own dispatcher, so one being down never holds back the other.
 *
 * @param <O> the receiving API's operation type
 */
final class OutboxDispatcher<O> {

  private static final Logger LOG = Logger.getLogger(OutboxDispatcher.class);
  private static final int MAX_BATCHES_PER_TICK = 64;

  /** Keeps one request well under the receiver's body limit, whatever the texts' sizes. */
  private static final int MAX_CHARS_PER_REQUEST = 1_000_000;

  private final Projection<O> projection;
  private final OutboxRepository outbox;
  private final CaptureConfig.Outbox config;
  private final OutboxStats.TargetStats stats;
  private final String name;
  private final OutboxSignal signal;
  private final PollPace pace;
  private final DeliveryTracing tracing;

  private volatile Instant pausedUntil = Instant.EPOCH;
  private volatile int consecutiveFailures;

  /** Single-event deliveries still to make after the receiver refused a whole batch. */
  private volatile int isolating;

  /**
   * The batch size now: halved after a failed delivery, doubled after a good one, up to the
   * configured size. A receiver too slow for a whole batch under load (FaultIT saw graph-service
   * take over its 60 s deadline for 256 events while Neo4j was starved) then still makes progress,
   * instead of timing out on the same batch forever.
   */
  private volatile int batch;

  /** The size the last batch was read with: a batch that came back full may have more behind it. */
  private volatile int lastLimit = 1;

  OutboxDispatcher(
      Projection<O> projection,
      OutboxRepository outbox,
      CaptureConfig.Outbox config,
      OutboxStats.TargetStats stats,
      OutboxSignal signal,
      DeliveryTracing tracing) {
    this.projection = projection;
    this.tracing = tracing;
    this.outbox = outbox;
    this.config = config;
    this.stats = stats;
    this.signal = signal;
    this.pace = new PollPace(config.idlePollInterval());
    this.name = projection.target().wire();
    this.batch = config.batchSize();
  }

  /**
   * Delivers batches while each one is full, until a delivery fails or the tick's quota is used. A
   * partial batch ends the tick: what arrives while it is sent waits for the next tick (at most
   * {@code outbox.poll-interval}) and goes with the others, instead of in a batch of its own. Under
   * a steady stream of writes, going on after a partial batch sent batches of one or two events
   * back to back, each a request, an index commit and a graph transaction of its own.
   */
  Uni<Void> drain() {
    if (Instant.now().isBefore(pausedUntil)
        || !pace.poll(System.nanoTime(), signal.lastEnqueued())) {
      return Uni.createFrom().voidItem();
    }
    return Multi.createBy()
        .repeating()
        .uni(this::deliverOneBatch)
        .whilst(delivered -> delivered >= lastLimit && !Instant.now().isBefore(pausedUntil))
        .select()
        .first(MAX_BATCHES_PER_TICK)
        .collect()
        .last()
        .replaceWithVoid();
  }

  private Uni<Integer> deliverOneBatch() {
    int size = isolating > 0 ? 1 : Math.min(batch, config.batchSize());
    lastLimit = size;
    List<Long> attempted = new ArrayList<>();
    return Panache.withTransaction(
            () ->
                outbox
                    .tryLock(projection.lockKey())
                    .chain(
                        locked ->
                            !locked
                                ? Uni.createFrom().item(List.<OutboxEvent>of())
                                : outbox.pending(projection.target(), size))
                    .chain(
                        events -> {
                          if (events.isEmpty()) {
                            return Uni.createFrom().item(0);
                          }
                          events.forEach(e -> attempted.add(e.id));
                          // Current for the tick's own Vert.x context: the REST client call
                          // below is its child and carries its traceparent to the projection.
                          Span span = tracing.start(events);
                          Scope scope = span.makeCurrent();
                          return projection
                              .operations(events)
                              .chain(this::send)
                              .chain(
                                  ignored -> outbox.delivered(attempted).replaceWith(events.size()))
                              .onTermination()
                              .invoke(
                                  (delivered, failure, cancelled) -> {
                                    scope.close();
                                    DeliveryTracing.end(span, failure);
                                  });
                        }))
        .invoke(this::delivered)
        .onFailure()
        .recoverWithUni(failure -> failed(attempted, failure).replaceWith(0));
  }

  /** Sends the operations in order, in requests of bounded size (none at all for none). */
  private Uni<Void> send(List<O> operations) {
    if (operations.isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    List<List<O>> requests = new ArrayList<>();
    List<O> current = new ArrayList<>();
    long chars = 0;
    for (O op : operations) {
      int size = projection.size(op);
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
        .transformToUniAndConcatenate(projection::send)
        .collect()
        .last()
        .replaceWithVoid();
  }

  private void delivered(int count) {
    if (count == 0) {
      return;
    }
    if (consecutiveFailures > 0) {
      LOG.infof(
          "Outbox delivery to %s resumed after %d failed attempt(s)", name, consecutiveFailures);
    }
    consecutiveFailures = 0;
    pace.busy(System.nanoTime());
    if (isolating > 0) {
      isolating--;
    }
    batch = (int) Math.min((long) batch * 2, config.batchSize());
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
    if (!permanent && attempted.size() > 1) {
      batch = Math.max(1, attempted.size() / 2);
    }
    pace.busy(System.nanoTime());
    int failures = ++consecutiveFailures;
    // A refused batch is retried at once, one event at a time; an outage backs off.
    Duration wait = permanent ? Duration.ZERO : backoff(failures);
    pausedUntil = Instant.now().plus(wait);
    stats.failed(error);
    if (failures == 1 || failures % 20 == 0 || dead) {
      LOG.warnf(
          "Outbox delivery of %d event(s) to %s failed (%s)%s; retrying in %d ms",
          attempted.size(), name, error, dead ? ", parked as dead" : "", wait.toMillis());
    }
    if (attempted.isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    String truncated = error.length() > 500 ? error.substring(0, 500) : error;
    return Panache.withTransaction(
            () -> outbox.failed(attempted, truncated, Instant.now(), dead ? Instant.now() : null))
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
