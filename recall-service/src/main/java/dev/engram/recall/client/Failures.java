package dev.engram.recall.client;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.WebApplicationException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Classifies a failed call to another Engram service for skip reasons and meters. */
final class Failures {

  /** How a call failed and what to tell the caller. */
  record Failure(String kind, String message) {}

  private Failures() {}

  static Failure classify(String service, Throwable failure) {
    if (failure instanceof WebApplicationException web && web.getResponse() != null) {
      int status = web.getResponse().getStatus();
      return new Failure(status == 503 ? "unavailable" : "error", service + " answered " + status);
    }
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message =
        root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    return new Failure("unavailable", service + " unreachable: " + message);
  }

  /**
   * A call that context assembly can do without: a deadline, and any failure as an {@link
   * IllegalStateException} whose message (the skip reason) says what happened.
   */
  static <T> CompletableFuture<T> skippable(String service, Duration timeout, Uni<T> call) {
    return call.ifNoItem()
        .after(timeout)
        .failWith(
            () ->
                new IllegalStateException(
                    service + " did not answer within " + timeout.toMillis() + " ms"))
        .onFailure(f -> !(f instanceof IllegalStateException))
        .transform(f -> new IllegalStateException(classify(service, f).message()))
        .subscribeAsCompletionStage();
  }
}
