package dev.engram.recall.usage;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * Sends the {@link SurfacedLog} to capture-service every flush interval on its own daemon thread,
 * in batches. Usage is bookkeeping: a batch capture refuses or cannot take is dropped (counted in
 * {@code engram.recall.usage.dropped}), never retried, so an outage cannot pile it up.
 */
@ApplicationScoped
class UsageFlusher {

  private static final Logger LOG = Logger.getLogger(UsageFlusher.class);

  private final SurfacedLog log;
  private final UsageRestClient capture;
  private final UsageConfig config;
  private ScheduledExecutorService timer;

  UsageFlusher(SurfacedLog log, @RestClient UsageRestClient capture, UsageConfig config) {
    this.log = log;
    this.capture = capture;
    this.config = config;
  }

  void start(@Observes StartupEvent ignored) {
    long every = config.flushInterval().toMillis();
    if (!config.enabled() || every <= 0) {
      return;
    }
    timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "recall-usage-flush");
              t.setDaemon(true);
              return t;
            });
    timer.scheduleWithFixedDelay(this::flushQuietly, every, every, TimeUnit.MILLISECONDS);
  }

  void stop(@Observes ShutdownEvent ignored) {
    if (timer != null) {
      timer.shutdownNow();
    }
  }

  /** Sends everything queued now; answers how many memories capture counted. */
  int flush() {
    int counted = 0;
    List<SurfacedLog.Sum> all = log.drain(Integer.MAX_VALUE);
    for (int from = 0; from < all.size(); from += config.batchSize()) {
      List<SurfacedLog.Sum> part =
          all.subList(from, Math.min(all.size(), from + config.batchSize()));
      try {
        counted += capture.surfaced(body(part)).memories();
      } catch (RuntimeException e) {
        log.lost(part.stream().mapToInt(SurfacedLog.Sum::times).sum());
        LOG.debugf("usage of %d memories dropped: %s", part.size(), e.getMessage());
      }
    }
    return counted;
  }

  private void flushQuietly() {
    try {
      flush();
    } catch (RuntimeException e) {
      LOG.warnf("usage flush failed: %s", e.getMessage());
    }
  }

  private static UsageRestClient.Body body(List<SurfacedLog.Sum> sums) {
    return new UsageRestClient.Body(
        sums.stream()
            .map(
                s ->
                    new UsageRestClient.Item(
                        s.tenant(), s.id(), s.times(), s.lastSurfaced(), s.lastUsed()))
            .toList());
  }
}
