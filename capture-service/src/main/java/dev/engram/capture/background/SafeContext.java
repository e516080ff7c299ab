package dev.engram.capture.background;

import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.function.Supplier;

/**
 * Runs background work (scheduled jobs, start-up loads) on a fresh, safe Vert.x duplicated context,
 * which Hibernate Reactive requires outside of a request.
 */
public final class SafeContext {

  private SafeContext() {}

  public static <T> Uni<T> run(Vertx vertx, Supplier<Uni<T>> work) {
    return Uni.createFrom()
        .emitter(
            emitter -> {
              Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
              VertxContextSafetyToggle.setContextSafe(context, true);
              context.runOnContext(
                  ignored ->
                      Uni.createFrom()
                          .<T>deferred(work::get)
                          .subscribe()
                          .with(emitter::complete, emitter::fail));
            });
  }
}
