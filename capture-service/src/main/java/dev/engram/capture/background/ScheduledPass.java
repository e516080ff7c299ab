package dev.engram.capture.background;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * The shape every scheduled pass shares (the Reflector, the promotion pass): run on a safe context,
 * report what it did, and never fail the scheduler: a failure is logged and the next tick tries
 * again.
 */
public final class ScheduledPass {

  private ScheduledPass() {}

  /** Runs {@code pass}, hands its result to {@code report}; logs "{@code name} failed: …". */
  public static <T> Uni<Void> run(
      Vertx vertx, Logger log, String name, Supplier<Uni<T>> pass, Consumer<T> report) {
    return SafeContext.run(vertx, pass)
        .invoke(report)
        .replaceWithVoid()
        .onFailure()
        .recoverWithItem(
            failure -> {
              log.warnf("%s failed: %s", name, failure.getMessage());
              return null;
            });
  }
}
