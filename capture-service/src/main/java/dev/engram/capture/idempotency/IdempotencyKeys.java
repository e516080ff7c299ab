package dev.engram.capture.idempotency;

import dev.engram.capture.background.Ticker;
import dev.engram.capture.config.CaptureConfig;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;

/**
 * The keys of {@code Idempotency-Key}: what a key held when a request came, and its answer stored
 * or released afterwards; keys past their ttl are swept on a schedule. The statements are {@link
 * IdempotencyQueries}, none inside the write's transaction.
 */
@ApplicationScoped
class IdempotencyKeys {

  private final IdempotencyQueries queries;
  private final CaptureConfig.Idempotency config;

  IdempotencyKeys(IdempotencyQueries queries, CaptureConfig config) {
    this.queries = queries;
    this.config = config.idempotency();
  }

  /** What a key held when the request came. */
  sealed interface Claim {
    /** The key was free: run the write, then {@link #complete} or {@link #release}. */
    record Won() implements Claim {}

    /** The same request already answered: send this again. */
    record Answered(int status, String contentType, byte[] body) implements Claim {}

    /** The same request is still running. */
    record InFlight() implements Claim {}

    /** The key was used for another request. */
    record Reused() implements Claim {}
  }

  Uni<Claim> claim(IdempotentRequest request) {
    return queries
        .claimed(request, config.ttl(), config.inFlightTimeout())
        .chain(
            won ->
                won
                    ? Uni.createFrom().item(new Claim.Won())
                    : queries
                        .stored(request.tenant(), request.key())
                        .map(stored -> existing(request, stored)));
  }

  private static Claim existing(
      IdempotentRequest request, Optional<IdempotencyQueries.StoredKey> stored) {
    if (stored.isEmpty()) {
      // Released between our insert and this read: the other request failed, so it may be retried.
      return new Claim.InFlight();
    }
    IdempotencyQueries.StoredKey row = stored.get();
    if (!row.requestSha256().equals(request.sha256())) {
      return new Claim.Reused();
    }
    if (row.status() == null) {
      return new Claim.InFlight();
    }
    return new Claim.Answered(row.status(), row.contentType(), row.body());
  }

  /** Stores the successful answer of a won claim. */
  Uni<Void> complete(IdempotentRequest request, int status, String contentType, byte[] body) {
    return queries.complete(request, status, contentType, body);
  }

  /** Frees a won claim whose request failed, so a retry runs it again. */
  Uni<Void> release(IdempotentRequest request) {
    return queries.release(request);
  }

  /** Deletes the keys past their ttl (claims included: they were abandoned long ago). */
  Uni<Void> sweep() {
    return queries.sweep(config.ttl());
  }

  void schedule(@Observes StartupEvent event, Ticker ticker) {
    ticker.every(config.sweepInterval(), "idempotency-sweep", this::sweep);
  }
}
