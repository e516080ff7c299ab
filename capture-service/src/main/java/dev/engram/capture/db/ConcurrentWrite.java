package dev.engram.capture.db;

import io.vertx.pgclient.PgException;
import jakarta.persistence.OptimisticLockException;
import java.util.Set;
import org.hibernate.StaleStateException;

/**
 * Tells "another write to the same rows got there first" from other failures, however wrapped: a
 * version check that failed at the flush, or PostgreSQL refusing the statement because of a
 * concurrent transaction (a deadlock, a serialization failure, or a unique key another transaction
 * just took). The write changed nothing and the same request may be sent again: a 409, not a 500.
 */
public final class ConcurrentWrite {

  /** unique_violation, serialization_failure, deadlock_detected. */
  private static final Set<String> RACES = Set.of("23505", "40001", "40P01");

  private ConcurrentWrite() {}

  public static boolean causedBy(Throwable failure) {
    return Causes.anyMatch(
        failure,
        t ->
            t instanceof StaleStateException
                || t instanceof OptimisticLockException
                || t instanceof PgException pg && RACES.contains(pg.getSqlState()));
  }
}
