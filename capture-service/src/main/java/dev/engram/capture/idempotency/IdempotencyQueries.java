package dev.engram.capture.idempotency;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Optional;

/**
 * The SQL over {@code idempotency_keys}. Plain SQL client statements, each its own transaction, and
 * none inside the write's: a claim must be visible to a concurrent retry before the write commits.
 */
@ApplicationScoped
class IdempotencyQueries {

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

  private static final String STORED =
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

  /** A key's row: the request it was claimed for and, once answered, the answer (status null). */
  record StoredKey(String requestSha256, Integer status, String contentType, byte[] body) {}

  private final Pool pool;

  IdempotencyQueries(Pool pool) {
    this.pool = pool;
  }

  /**
   * True if the request now holds its key: the key was free, answered longer ago than {@code ttl},
   * or claimed longer ago than {@code inFlightTimeout} and never answered.
   */
  Uni<Boolean> claimed(IdempotentRequest request, Duration ttl, Duration inFlightTimeout) {
    return pool.preparedQuery(CLAIM)
        .execute(
            Tuple.of(
                request.tenant(),
                request.key(),
                request.sha256(),
                seconds(ttl),
                seconds(inFlightTimeout)))
        .map(rows -> rows.rowCount() == 1);
  }

  /** The key's row, or empty when there is none (it was released). */
  Uni<Optional<StoredKey>> stored(String tenant, String key) {
    return pool.preparedQuery(STORED)
        .execute(Tuple.of(tenant, key))
        .map(
            rows ->
                rows.rowCount() == 0
                    ? Optional.empty()
                    : Optional.of(storedKey(rows.iterator().next())));
  }

  /** Stores the answer of a claimed, unanswered key of the same request. */
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

  /** Deletes a claimed, unanswered key of the same request. */
  Uni<Void> release(IdempotentRequest request) {
    return pool.preparedQuery(RELEASE)
        .execute(Tuple.of(request.tenant(), request.key(), request.sha256()))
        .replaceWithVoid();
  }

  /** Deletes every key claimed longer ago than {@code ttl}. */
  Uni<Void> sweep(Duration ttl) {
    return pool.preparedQuery(SWEEP).execute(Tuple.of(seconds(ttl))).replaceWithVoid();
  }

  private static StoredKey storedKey(Row row) {
    Buffer body = row.getBuffer("response_body");
    return new StoredKey(
        row.getString("request_sha256"),
        row.getInteger("status"),
        row.getString("content_type"),
        body == null ? new byte[0] : body.getBytes());
  }

  private static double seconds(Duration d) {
    return d.toMillis() / 1000.0;
  }
}
