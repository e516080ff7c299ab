package dev.engram.capture.outbox;

import dev.engram.capture.outbox.OutboxEvent.Target;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

/** The queries over {@code outbox}: the dispatchers' and those that watch it. */
@ApplicationScoped
public class OutboxRepository implements PanacheRepositoryBase<OutboxEvent, Long> {

  private static final String BACKLOGS =
      "select target, count(*) filter (where dead_at is null), min(created_at) filter (where"
          + " dead_at is null), count(*) filter (where dead_at is not null) from outbox group by"
          + " target";

  private static final String TRY_LOCK = "select pg_try_advisory_xact_lock(?1)";

  /**
   * Takes the transaction-scoped advisory lock {@code key} if no other transaction holds it: one
   * dispatcher per projection, across replicas.
   */
  public Uni<Boolean> tryLock(long key) {
    return getSession()
        .chain(
            s ->
                s.createNativeQuery(TRY_LOCK, Boolean.class)
                    .setParameter(1, key)
                    .getSingleResult());
  }

  /** The oldest {@code limit} live (not dead) events of one projection, in id order. */
  public Uni<List<OutboxEvent>> pending(Target target, int limit) {
    return find("target = ?1 and deadAt is null", Sort.by("id"), target).page(0, limit).list();
  }

  /** Delivered: these events leave the outbox. */
  public Uni<Long> delivered(List<Long> ids) {
    return delete("id in ?1", ids);
  }

  /**
   * A failed delivery of these events: one attempt more, the error kept, and parked as dead at
   * {@code deadAt} when not null.
   */
  public Uni<Integer> failed(List<Long> ids, String error, Instant at, Instant deadAt) {
    return update(
        "attempts = attempts + 1, lastError = ?1, lastAttemptAt = ?2, deadAt = ?3 where id in ?4",
        error,
        at,
        deadAt,
        ids);
  }

  /** One projection's events across tenants: pending, the oldest pending one's age, dead. */
  record Backlog(Target target, long pending, Instant oldestPending, long dead) {}

  /** The backlog of every projection with events (a projection without any has no row). */
  Uni<List<Backlog>> backlogs() {
    return getSession()
        .chain(s -> s.createNativeQuery(BACKLOGS, Object[].class).getResultList())
        .map(rows -> rows.stream().map(OutboxRepository::backlog).toList());
  }

  private static Backlog backlog(Object[] row) {
    return new Backlog(
        Target.valueOf((String) row[0]),
        ((Number) row[1]).longValue(),
        row[2] == null ? null : instant(row[2]),
        ((Number) row[3]).longValue());
  }

  private static Instant instant(Object value) {
    if (value instanceof OffsetDateTime odt) {
      return odt.toInstant();
    }
    if (value instanceof Instant instant) {
      return instant;
    }
    return value instanceof java.sql.Timestamp timestamp
        ? timestamp.toInstant()
        : Instant.parse(value.toString());
  }
}
