package dev.engram.capture.background;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Runs reactive tasks periodically, each tick on a fresh safe Vert.x duplicated context (which
 * Hibernate Reactive requires), skipping a tick while the previous run is still going, and stops
 * them all at shutdown before the database pool closes. (Quarkus's scheduler cannot fire more often
 * than once a second; the outbox wants lower latency than that.)
 */
@ApplicationScoped
public class Ticker {

  private static final Logger LOG = Logger.getLogger(Ticker.class);

  private final Vertx vertx;
  private final List<Long> timers = new CopyOnWriteArrayList<>();
  private volatile boolean stopping;

  Ticker(Vertx vertx) {
    this.vertx = vertx;
  }

  public void every(Duration interval, String name, Supplier<Uni<Void>> task) {
    AtomicBoolean running = new AtomicBoolean();
    long id =
        vertx.setPeriodic(
            Math.max(1, interval.toMillis()),
            timer -> {
              if (stopping || !running.compareAndSet(false, true)) {
                return;
              }
              Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
              VertxContextSafetyToggle.setContextSafe(context, true);
              context.runOnContext(
                  ignored ->
                      Uni.createFrom()
                          .<Void>deferred(task::get)
                          .subscribe()
                          .with(
                              done -> running.set(false),
                              failure -> {
                                running.set(false);
                                if (!stopping) {
                                  LOG.warnf(failure, "%s failed", name);
                                }
                              }));
            });
    timers.add(id);
  }

  void stop(@Observes ShutdownEvent event) {
    stopping = true;
    timers.forEach(vertx::cancelTimer);
  }
}
