package dev.engram.recall.injection;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Injection records waiting to be sent, in a bounded queue off the request path: a context answer
 * only offers its record (no lock held, no I/O) and a full queue drops it, counted in {@code
 * engram.recall.injections.dropped}, rather than slow the answer down. {@link InjectionFlusher}
 * sends them. What is queued is lost if the process dies: at most about a second of records.
 */
@ApplicationScoped
public class InjectionLog {

  private final boolean enabled;
  private final BlockingQueue<InjectionRecord> queue;
  private final Counter full;
  private final Counter failed;

  InjectionLog(InjectionConfig config, MeterRegistry registry) {
    this.enabled = config.enabled();
    this.queue = new ArrayBlockingQueue<>(Math.max(1, config.queueSize()));
    this.full = dropped(registry, "queue_full");
    this.failed = dropped(registry, "send_failed");
  }

  private static Counter dropped(MeterRegistry registry, String reason) {
    return Counter.builder("engram.recall.injections.dropped")
        .description(
            "Injection records not stored: the queue was full, or capture refused or was down")
        .tag("reason", reason)
        .register(registry);
  }

  /** Whether records are kept at all ({@code engram.recall.injections.enabled}). */
  public boolean enabled() {
    return enabled;
  }

  /** Queues the record; answers false (and counts it) when the queue is full or this is off. */
  public boolean offer(InjectionRecord record) {
    if (!enabled) {
      return false;
    }
    if (queue.offer(record)) {
      return true;
    }
    full.increment();
    return false;
  }

  /** Takes up to {@code max} records without waiting, oldest first (the flusher; tests). */
  public List<InjectionRecord> drain(int max) {
    List<InjectionRecord> taken = new ArrayList<>();
    queue.drainTo(taken, max);
    return taken;
  }

  /**
   * Waits up to {@code millis} for a first record, then for more until {@code max} are taken or the
   * time is up: a batch is sent when it is full or when its oldest record waited that long.
   */
  List<InjectionRecord> batch(int max, long millis) throws InterruptedException {
    List<InjectionRecord> batch = new ArrayList<>();
    InjectionRecord first = queue.poll(millis, TimeUnit.MILLISECONDS);
    if (first == null) {
      return batch;
    }
    batch.add(first);
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    while (batch.size() < max) {
      queue.drainTo(batch, max - batch.size());
      long left = deadline - System.nanoTime();
      if (batch.size() >= max || left <= 0) {
        break;
      }
      InjectionRecord next = queue.poll(left, TimeUnit.NANOSECONDS);
      if (next == null) {
        break;
      }
      batch.add(next);
    }
    return batch;
  }

  /** Records capture did not store (it refused them, or stayed down through the retries). */
  void lost(int records) {
    failed.increment(records);
  }

  /** Records dropped so far, for either reason. */
  double dropped() {
    return full.count() + failed.count();
  }
}
