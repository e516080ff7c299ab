package dev.engram.capture.exchange;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/** The queries over {@code exchanges} that read a chat's trace by time. */
@ApplicationScoped
class ExchangeRepository implements PanacheRepositoryBase<Exchange, Long> {

  private static final String ACTIVE_IN_CHAT =
      "tenant = ?1 and agent = ?2 and chat = ?3 and status = ?4 and occurredAt ";

  /** Up to {@code limit} ACTIVE turns at or before {@code at}, newest first. */
  Uni<List<Exchange>> activeUpTo(String tenant, String agent, String chat, Instant at, int limit) {
    return find(
            ACTIVE_IN_CHAT + "<= ?5",
            Sort.descending("occurredAt").and("id", Sort.Direction.Descending),
            tenant,
            agent,
            chat,
            ExchangeStatus.ACTIVE,
            at)
        .page(0, limit)
        .list();
  }

  /** Up to {@code limit} ACTIVE turns after {@code at}, oldest first. */
  Uni<List<Exchange>> activeAfter(String tenant, String agent, String chat, Instant at, int limit) {
    return find(
            ACTIVE_IN_CHAT + "> ?5",
            Sort.ascending("occurredAt").and("id"),
            tenant,
            agent,
            chat,
            ExchangeStatus.ACTIVE,
            at)
        .page(0, limit)
        .list();
  }

  /** Every turn of a chat in {@code [from, to)}, any status, oldest first. */
  Uni<List<Exchange>> between(String tenant, String agent, String chat, Instant from, Instant to) {
    return find(
            "tenant = ?1 and agent = ?2 and chat = ?3 and occurredAt >= ?4 and occurredAt < ?5",
            Sort.ascending("occurredAt").and("id"),
            tenant,
            agent,
            chat,
            from,
            to)
        .list();
  }
}
