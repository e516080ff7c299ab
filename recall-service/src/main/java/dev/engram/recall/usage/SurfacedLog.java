package dev.engram.recall.usage;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Which memories recall and context surfaced, kept in a bounded queue off the request path: a
 * recall only offers to it (no lock held, no I/O) and a full queue drops the surfacing rather than
 * slow the recall down; {@link UsageFlusher} sums it up and sends it to capture-service.
 */
@ApplicationScoped
public class SurfacedLog {

  /** One memory surfaced once; {@code used} when a context pack gave it to the agent. */
  record Surfaced(String tenant, long id, boolean used, Instant at) {}

  /** The sum of a memory's surfacings since the last drain (the body item of the flush). */
  record Sum(String tenant, long id, int times, Instant lastSurfaced, Instant lastUsed) {}

  private final boolean enabled;
  private final BlockingQueue<Surfaced> queue;
  private final Counter dropped;

  SurfacedLog(UsageConfig config, MeterRegistry registry) {
    this.enabled = config.enabled();
    this.queue = new ArrayBlockingQueue<>(Math.max(1, config.queueSize()));
    this.dropped =
        Counter.builder("engram.recall.usage.dropped")
            .description(
                "Surfaced memories not counted: the usage queue was full or capture failed")
            .register(registry);
  }

  /** Records the memories among {@code documents} as surfaced now (exchanges are not counted). */
  public void surfaced(String tenant, Collection<IndexDocument> documents, boolean used) {
    memories(
        tenant,
        documents.stream().filter(d -> d.kind() == DocKind.MEMORY).map(IndexDocument::id).toList(),
        used);
  }

  /** Records these memory ids as surfaced now. */
  public void memories(String tenant, Collection<Long> ids, boolean used) {
    if (!enabled) {
      return;
    }
    Instant now = Instant.now();
    for (long id : ids) {
      if (!queue.offer(new Surfaced(tenant, id, used, now))) {
        dropped.increment();
      }
    }
  }

  /** Takes up to {@code max} surfacings off the queue, summed per memory, oldest first. */
  List<Sum> drain(int max) {
    List<Surfaced> taken = new ArrayList<>();
    queue.drainTo(taken, max);
    Map<String, Sum> sums = new LinkedHashMap<>();
    for (Surfaced s : taken) {
      sums.merge(
          s.tenant() + '\u0000' + s.id(),
          new Sum(s.tenant(), s.id(), 1, s.at(), s.used() ? s.at() : null),
          SurfacedLog::add);
    }
    return List.copyOf(sums.values());
  }

  /** Surfacings counted as dropped (capture refused or was down). */
  void lost(int surfacings) {
    dropped.increment(surfacings);
  }

  private static Sum add(Sum a, Sum b) {
    return new Sum(
        a.tenant(),
        a.id(),
        a.times() + b.times(),
        later(a.lastSurfaced(), b.lastSurfaced()),
        later(a.lastUsed(), b.lastUsed()));
  }

  private static Instant later(Instant a, Instant b) {
    if (a == null) {
      return b;
    }
    return b == null || a.isAfter(b) ? a : b;
  }
}
