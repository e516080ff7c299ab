package dev.engram.capture.idempotency;

import dev.engram.capture.background.Ticker;
import dev.engram.capture.config.CaptureConfig;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;

/**
 * The table {@code idempotency_keys}. Plain SQL client statements, each its own transaction, and
 * none inside the write's: a claim must be visible to a concurrent retry before the write commits.
 */
@ApplicationScoped
class IdempotencyKeys {

  /**
   * Claims the key: a new row, or taking over one that expired (answered longer ago than the ttl)
   * or was abandoned (claimed longer ago than the in-flight timeout, never answered).
   */
  private static final String CLAIM =
      """
      insert into idempotency_keys (tenant, key, request_sha256, created_at)
      values ($1, $2, $3, now())
      on conflict (tenant, key) do update
         set request_sha256 = excluded.request_sha256, status = null, content_type = null,
             response_body = null, created_at = now()
       where (idempotency_keys.status is not null
              and idempotency_keys.created_at < now() - make_interval(secs => $4))
          or (idempotency_keys.status is null
              and idempotency_keys.created_at < now() - make_interval(secs => $5))
      returning tenant""";

  private static final String READ =
      "select request_sha256, status, content_type, response_body from idempotency_keys"
          + " where tenant = $1 and key = $2";

  private static final String COMPLETE =
      "update idempotency_keys set status = $4, content_type = $5, response_body = $6"
          + " where tenant = $1 and key = $2 and request_sha256 = $3 and status is null";

  private static final String RELEASE =
      "delete from idempotency_keys"
          + " where tenant = $1 and key = $2 and request_sha256 = $3 and status is null";

  private static final String SWEEP =
      "delete from idempotency_keys where created_at < now() - make_interval(secs => $1)";

  private final Pool pool;
  private final CaptureConfig.Idempotency config;

  IdempotencyKeys(Pool pool, CaptureConfig config) {
    this.pool = pool;
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
    return pool.preparedQuery(CLAIM)
        .execute(
            Tuple.of(
                request.tenant(),
                request.key(),
                request.sha256(),
                seconds(config.ttl()),
                seconds(config.inFlightTimeout())))
        .chain(
            claimed -> {
              if (claimed.rowCount() == 1) {
                return Uni.createFrom().item(new Claim.Won());
              }
              return pool.preparedQuery(READ)
                  .execute(Tuple.of(request.tenant(), request.key()))
                  .map(rows -> existing(request, rows));
            });
  }

  private static Claim existing(IdempotentRequest request, RowSet<Row> rows) {
    if (rows.rowCount() == 0) {
      // Released between our insert and this read: the other request failed, so it may be retried.
      return new Claim.InFlight();
    }
    Row row = rows.iterator().next();
    if (!row.getString("request_sha256").equals(request.sha256())) {
      return new Claim.Reused();
    }
    Integer status = row.getInteger("status");
    if (status == null) {
      return new Claim.InFlight();
    }
    Buffer body = row.getBuffer("response_body");
    return new Claim.Answered(
        status, row.getString("content_type"), body == null ? new byte[0] : body.getBytes());
  }

  /** Stores the successful answer of a won claim. */
  Uni<Void> complete(IdempotentRequest request, int status, String contentType, byte[] body) {
    return pool.preparedQuery(COMPLETE)
        .execute(
            Tuple.from(
                new Object[] {
                  request.tenant(),
                  request.key(),
                  request.sha256(),
                  status,
                  contentType,
                  io.vertx.core.buffer.Buffer.buffer(body)
                }))
        .replaceWithVoid();
  }

  /** Frees a won claim whose request failed, so a retry runs it again. */
  Uni<Void> release(IdempotentRequest request) {
    return pool.preparedQuery(RELEASE)
        .execute(Tuple.of(request.tenant(), request.key(), request.sha256()))
        .replaceWithVoid();
  }

  /** Deletes the keys past their ttl (claims included: they were abandoned long ago). */
  Uni<Void> sweep() {
    return pool.preparedQuery(SWEEP).execute(Tuple.of(seconds(config.ttl()))).replaceWithVoid();
  }

  void schedule(@Observes StartupEvent event, Ticker ticker) {
    ticker.every(config.sweepInterval(), "idempotency-sweep", this::sweep);
  }

  private static double seconds(Duration d) {
    return d.toMillis() / 1000.0;
  }
}
