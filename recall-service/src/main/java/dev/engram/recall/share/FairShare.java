package dev.engram.recall.share;

import dev.engram.common.auth.Roles;
import dev.engram.common.error.CommonError;
import dev.engram.common.error.EngramException;
import dev.engram.common.error.ProblemMappers;
import dev.engram.recall.config.FairShareConfig;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.faulttolerance.api.TypedGuard;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;

/**
 * A bulkhead per API key (SmallRye Fault Tolerance's {@link TypedGuard}) around recall work: one
 * key runs at most {@code concurrent} calls at once with {@code queue} more waiting their turn, so
 * a key that floods recall-service slows itself down, not the other keys. A call beyond both is
 * refused with 429 {@code rate_limited} and Retry-After: 1, before it costs anything. Keys come
 * from the configured key list, so the map of guards is bounded by it.
 */
@ApplicationScoped
public class FairShare {

  private final boolean enabled;
  private final int concurrent;
  private final int queue;
  private final Counter refused;
  private final Map<String, Turns> keys = new ConcurrentHashMap<>();

  /** Set while a call of a key with more calls waiting runs: see {@link #crowded()}. */
  private static final ThreadLocal<Boolean> CROWDED = new ThreadLocal<>();

  /** One key's bulkhead and how many of its calls are inside it (running or waiting). */
  private record Turns(TypedGuard<Object> guard, AtomicInteger inside) {}

  FairShare(FairShareConfig config, MeterRegistry registry) {
    this.enabled = config.enabled();
    this.concurrent =
        config.concurrent() > 0
            ? config.concurrent()
            : Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    this.queue = config.queue();
    this.refused =
        Counter.builder("engram.recall.fair_share.refused")
            .description(
                "Calls refused because their key had as many running and waiting as allowed")
            .register(registry);
  }

  /** Calls of one key that run at once. */
  public int concurrent() {
    return concurrent;
  }

  /** {@code work} in the turn of the key {@code keyId} with {@code roles}. */
  public <T> T get(String keyId, Set<String> roles, Supplier<T> work) {
    try {
      return call(keyId, roles, work::get);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e); // a Supplier throws no checked exception
    }
  }

  /** The same for work that may throw a checked exception (an interceptor's proceed). */
  @SuppressWarnings("unchecked")
  public <T> T call(String keyId, Set<String> roles, Callable<T> work) throws Exception {
    if (!enabled || roles.contains(Roles.INTERNAL)) {
      return work.call();
    }
    Turns turns = keys.computeIfAbsent(keyId, k -> new Turns(guard(), new AtomicInteger()));
    turns.inside().incrementAndGet();
    try {
      return (T) turns.guard().call(() -> running(turns, work));
    } catch (BulkheadException e) {
      throw refusal();
    } finally {
      turns.inside().decrementAndGet();
    }
  }

  /**
   * Whether the call running on this thread belongs to a key that has more calls waiting for a
   * turn: a key sending more than it may run. Such a call gains nothing from running its parts side
   * by side (its key's next call is ready to take the core), so recall runs its index lists on its
   * own thread rather than on the shared search pool, and one key never holds more cores than its
   * turns while another key's call needs one.
   */
  public static boolean crowded() {
    return Boolean.TRUE.equals(CROWDED.get());
  }

  private Object running(Turns turns, Callable<?> work) throws Exception {
    if (turns.inside().get() <= concurrent) {
      return work.call();
    }
    CROWDED.set(Boolean.TRUE);
    try {
      return work.call();
    } finally {
      CROWDED.remove();
    }
  }

  /**
   * Whether the key {@code keyId} has as many calls running and waiting as it may: its next call
   * would be refused. {@link FairShareFilter} asks this before a request's body is read, so a
   * flood's refusals cost next to nothing; the bulkhead still decides for the calls that pass.
   */
  boolean full(String keyId) {
    Turns turns = keys.get(keyId);
    return enabled && turns != null && turns.inside().get() >= concurrent + queue;
  }

  /** The refusal of a call beyond the key's turns. */
  Refused refusal() {
    refused.increment();
    return new Refused(concurrent + queue);
  }

  /** 429: the key already has as many calls running and waiting as it may. */
  public static final class Refused extends EngramException {

    Refused(int most) {
      super(
          CommonError.RATE_LIMITED,
          "This API key already has " + most + " recall calls running or waiting; retry in 1 s",
          List.of(),
          Map.of(ProblemMappers.RETRY_AFTER_SECONDS, 1));
    }
  }

  private TypedGuard<Object> guard() {
    return TypedGuard.create(Object.class)
        .withBulkhead()
        .limit(concurrent)
        .queueSize(queue)
        .enableSynchronousQueueing()
        .done()
        .build();
  }
}
