package dev.engram.capture.reflector;

import dev.engram.capture.background.ScheduledPass;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/** Runs the Reflector on a schedule ({@code engram.capture.reflector.interval}, default 15m). */
@ApplicationScoped
class ReflectorSchedule {

  private static final Logger LOG = Logger.getLogger(ReflectorSchedule.class);

  private final Reflector reflector;
  private final Vertx vertx;

  ReflectorSchedule(Reflector reflector, Vertx vertx) {
    this.reflector = reflector;
    this.vertx = vertx;
  }

  @Scheduled(
      identity = "reflector",
      every = "${engram.capture.reflector.interval:15m}",
      concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  Uni<Void> tick() {
    if (reflector.running()) {
      return Uni.createFrom().voidItem();
    }
    return ScheduledPass.run(
        vertx,
        LOG,
        "Scheduled Reflector run",
        () -> reflector.run(ReflectorRun.Trigger.SCHEDULE, null),
        runs ->
            runs.forEach(
                r ->
                    LOG.infof(
                        "Reflector run %d over %s: %s, %d exchange(s), %d inserted, %d touched,"
                            + " %d superseded, %d quarantined",
                        r.id,
                        r.tenant,
                        r.status,
                        r.exchangesRead,
                        r.inserted,
                        r.touched,
                        r.superseded,
                        r.quarantined)));
  }
}
