package dev.engram.recall.index.qdrant;

import com.google.common.util.concurrent.ListenableFuture;
import dev.engram.common.error.EngramException;
import dev.engram.recall.RecallError;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jboss.logging.Logger;

/**
 * Waits for the client's Guava futures, so none leaves the adapter: every call has a deadline (the
 * client's own, plus this wait as a backstop) and every failure becomes index_unavailable (503).
 */
final class QdrantCalls {

  private static final Logger LOG = Logger.getLogger(QdrantCalls.class);

  private final Duration timeout;
  private volatile String lastFailure;

  QdrantCalls(Duration timeout) {
    this.timeout = timeout;
  }

  <T> T await(String what, ListenableFuture<T> future) {
    try {
      return future.get(timeout.toMillis() + 1_000, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      future.cancel(true);
      throw unavailable(what, e);
    } catch (ExecutionException e) {
      throw unavailable(what, e.getCause() == null ? e : e.getCause());
    } catch (TimeoutException e) {
      future.cancel(true);
      throw unavailable(what, e);
    }
  }

  /** The last failed call and why, for readiness (operators see it, clients do not). */
  String lastFailure() {
    return lastFailure;
  }

  private EngramException unavailable(String what, Throwable cause) {
    lastFailure = what + " failed: " + cause.getMessage();
    LOG.errorf("Qdrant %s failed: %s", what, cause.toString());
    return new EngramException(
        RecallError.INDEX_UNAVAILABLE,
        "The recall index (Qdrant) is not available; try again later");
  }
}
