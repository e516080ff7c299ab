package dev.engram.capture.outbox;

import dev.engram.capture.outbox.OutboxEvent.Target;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

/** The queries over {@code outbox} that watch it (the dispatchers still run their own). */
@ApplicationScoped
class OutboxRepository implements PanacheRepositoryBase<OutboxEvent, Long> {

  private static final String BACKLOGS =
      "select target, count(*) filter (where dead_at is null), min(created_at) filter (where"
          + " dead_at is null), count(*) filter (where dead_at is not null) from outbox group by"
          + " target";

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
