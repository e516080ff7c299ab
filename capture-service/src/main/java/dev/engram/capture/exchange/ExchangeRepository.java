package dev.engram.capture.exchange;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/** The queries over {@code exchanges}. */
@ApplicationScoped
public class ExchangeRepository implements PanacheRepositoryBase<Exchange, Long> {

  private static final String ACTIVE_IN_CHAT =
      "tenant = ?1 and agent = ?2 and chat = ?3 and status = ?4 and occurredAt ";

  /** These exchanges, any tenant or status (callers already hold the ids of one tenant). */
  public Uni<List<Exchange>> byIds(Collection<Long> ids) {
    return list("id in ?1", ids);
  }

  /**
   * Up to {@code limit} ACTIVE turns of a chat next to {@code at}: at or before it newest first
   * ({@code earlier}), or after it oldest first.
   */
  Uni<List<Exchange>> activeNextTo(
      String tenant, String agent, String chat, Instant at, boolean earlier, int limit) {
    return find(
            ACTIVE_IN_CHAT + (earlier ? "<= ?5" : "> ?5"),
            earlier
                ? Sort.descending("occurredAt").and("id", Sort.Direction.Descending)
                : Sort.ascending("occurredAt").and("id"),
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
