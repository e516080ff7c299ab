package dev.engram.capture.injection;

import dev.engram.capture.background.ScheduledPass;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * Enforces {@code engram.capture.injections.retention} and {@code max-per-tenant} every {@code
 * prune-interval} (default 10m): between passes a tenant may briefly hold more.
 */
@ApplicationScoped
class InjectionPrune {

  private static final Logger LOG = Logger.getLogger(InjectionPrune.class);

  private final InjectionRecords records;
  private final Vertx vertx;

  InjectionPrune(InjectionRecords records, Vertx vertx) {
    this.records = records;
    this.vertx = vertx;
  }

  @Scheduled(
      identity = "injection-prune",
      every = "${engram.capture.injections.prune-interval:10m}",
      concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  Uni<Void> tick() {
    return ScheduledPass.run(
        vertx,
        LOG,
        "Injection record pass",
        () -> records.prune(Instant.now()),
        pruned -> {
          if (pruned.expired() + pruned.overLimit() > 0) {
            LOG.infof(
                "Injection records: %d past retention and %d over the tenant limit deleted",
                pruned.expired(), pruned.overLimit());
          }
        });
  }
}
