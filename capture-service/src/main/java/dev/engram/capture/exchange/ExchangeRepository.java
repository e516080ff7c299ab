package dev.engram.capture.exchange;

import dev.engram.capture.db.Where;
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

  /** The session's latest ACTIVE turns, newest first. */
  public Uni<List<Exchange>> latestInSession(
      String tenant, String agent, String session, int limit) {
    return latestActive("session = ?4", limit, tenant, agent, session);
  }

  /** The chat's latest ACTIVE turns, newest first. */
  Uni<List<Exchange>> latestInChat(
      String tenant, String agent, String chat, String mode, int limit) {
    return mode == null
        ? latestActive("chat = ?4", limit, tenant, agent, chat)
        : latestActive(
            "chat = ?4 and (mode is null or mode = ?5)", limit, tenant, agent, chat, mode);
  }

  /**
   * The session's latest ACTIVE turns recorded after {@code recordedAfter} (all when null), newest
   * first: what came in since a checkpoint.
   */
  public Uni<List<Exchange>> latestInSessionSince(
      String tenant, String agent, String session, Instant recordedAfter, int limit) {
    return recordedAfter == null
        ? latestInSession(tenant, agent, session, limit)
        : latestActive(
            "session = ?4 and recordedAt > ?5", limit, tenant, agent, session, recordedAfter);
  }

  /**
   * Up to {@code limit} ACTIVE turns of the tenant's agent matching {@code where}, newest first.
   */
  private Uni<List<Exchange>> latestActive(
      String where, int limit, String tenant, String agent, Object... more) {
    Object[] params = new Object[3 + more.length];
    params[0] = tenant;
    params[1] = agent;
    params[2] = ExchangeStatus.ACTIVE;
    System.arraycopy(more, 0, params, 3, more.length);
    return find(
            "tenant = ?1 and agent = ?2 and status = ?3 and " + where,
            Sort.descending("occurredAt").and("id", Sort.Direction.Descending),
            params)
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

  /**
   * Takes these transaction-scoped advisory locks, in the order given (callers sort them, so two
   * transactions never wait on each other crosswise).
   */
  Uni<Void> lock(List<Long> keys) {
    return getSession()
        .chain(
            s ->
                s.createNativeQuery(
                        "select count(*) from (select pg_advisory_xact_lock(k)"
                            + " from unnest(cast(?1 as bigint[])) as k) locked",
                        Long.class)
                    .setParameter(1, keys.toArray(Long[]::new))
                    .getSingleResult())
        .replaceWithVoid();
  }

  /** The tenant's turns with any of these contents within {@code [from, to]}. */
  Uni<List<Exchange>> withContent(String tenant, List<String> shas, Instant from, Instant to) {
    return list(
        "tenant = ?1 and contentSha256 in ?2 and occurredAt >= ?3 and occurredAt <= ?4",
        tenant,
        shas,
        from,
        to);
  }

  /** Queues stored turns for the Reflector (its inbox), in the caller's transaction. */
  Uni<Void> queueForReflector(List<Exchange> rows) {
    return getSession()
        .chain(
            s ->
                s.createNativeQuery(
                        "insert into reflector_inbox (exchange_id, tenant, agent, chat,"
                            + " occurred_at) select id, tenant, agent, chat,"
                            + " occurred_at from exchanges where id in (?1)")
                    .setParameter(1, rows.stream().map(r -> r.id).toList())
                    .executeUpdate())
        .replaceWithVoid();
  }

  /** One turn of the tenant, or null. */
  Uni<Exchange> inTenant(String tenant, long id) {
    return find("id = ?1 and tenant = ?2", id, tenant).firstResult();
  }

  /** A page of a chat's trace, oldest first, after the filter's cursor. */
  Uni<List<Exchange>> page(String tenant, ExchangeFilter filter) {
    Where where =
        Where.of("tenant = :tenant", "tenant", tenant)
            .and("agent = :agent", "agent", filter.agent())
            .and("chat = :chat", "chat", filter.chat())
            .equal("thread", filter.thread())
            .equal("session", filter.session())
            .andIf(filter.from(), "occurredAt >= :from", "from")
            .andIf(filter.to(), "occurredAt < :to", "to");
    if (filter.after() != null) {
      where
          .and(
              "(occurredAt > :afterTime or (occurredAt = :afterTime and id > :afterId))",
              "afterTime",
              filter.after().occurredAt())
          .bind("afterId", filter.after().id());
    }
    return find(where.clause(), Sort.ascending("occurredAt").and("id"), where.params())
        .page(0, filter.limit())
        .list();
  }
}
