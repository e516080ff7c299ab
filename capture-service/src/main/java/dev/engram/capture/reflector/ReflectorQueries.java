package dev.engram.capture.reflector;

import dev.engram.capture.exchange.Exchange;
import dev.engram.common.Sha256;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/**
 * The Reflector's bookkeeping in SQL: its inbox ({@code reflector_inbox}, the exchanges not read
 * yet) and the chats' cursors ({@code reflector_cursors}). Every statement runs in the caller's
 * session or transaction.
 */
@ApplicationScoped
class ReflectorQueries {

  private static final String TENANTS =
      "select distinct tenant from reflector_inbox order by tenant";

  private static final String CHATS =
      "select agent, chat from reflector_inbox where tenant = ?1%s"
          + " group by agent, chat order by min(occurred_at) limit ?2";

  private static final String QUEUED =
      "select e.* from reflector_inbox i join exchanges e on e.id = i.exchange_id"
          + " where i.tenant = ?1 and i.agent = ?2 and i.chat = ?3"
          + " order by i.occurred_at, i.exchange_id limit ?4";

  private static final String TRY_LOCK = "select pg_try_advisory_xact_lock(?1)";

  private static final String UNQUEUE = "delete from reflector_inbox where exchange_id in (?1)";

  private static final String ADVANCE =
      "insert into reflector_cursors (tenant, agent, chat, last_exchange_id, last_occurred_at,"
          + " exchanges_read, updated_at) values (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
          + " on conflict (tenant, agent, chat) do update set last_exchange_id ="
          + " excluded.last_exchange_id, last_occurred_at = excluded.last_occurred_at,"
          + " exchanges_read = reflector_cursors.exchanges_read + excluded.exchanges_read,"
          + " updated_at = excluded.updated_at";

  /** A chat with queued exchanges. */
  record QueuedChat(String agent, String chat) {}

  /** Every tenant with queued exchanges. */
  Uni<List<String>> tenantsWithQueue() {
    return Panache.getSession()
        .chain(s -> s.createNativeQuery(TENANTS, String.class).getResultList());
  }

  /**
   * The tenant's chats with queued exchanges, those waiting longest first, at most {@code limit};
   * only the given chat when {@code chat} is not null.
   */
  Uni<List<QueuedChat>> queuedChats(String tenant, String agent, String chat, int limit) {
    return Panache.getSession()
        .chain(
            s -> {
              var q =
                  s.createNativeQuery(
                          CHATS.formatted(chat == null ? "" : " and agent = ?3 and chat = ?4"),
                          Object[].class)
                      .setParameter(1, tenant)
                      .setParameter(2, limit);
              if (chat != null) {
                q.setParameter(3, agent).setParameter(4, chat);
              }
              return q.getResultList();
            })
        .map(rows -> rows.stream().map(r -> new QueuedChat((String) r[0], (String) r[1])).toList());
  }

  /** The chat's oldest queued exchanges, at most {@code limit}, in the order they were said. */
  Uni<List<Exchange>> oldestQueued(String tenant, String agent, String chat, int limit) {
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery(QUEUED, Exchange.class)
                    .setParameter(1, tenant)
                    .setParameter(2, agent)
                    .setParameter(3, chat)
                    .setParameter(4, limit)
                    .getResultList());
  }

  /**
   * Takes the chat's transaction-scoped advisory lock if no other transaction holds it: true if
   * taken (held until the caller's transaction ends), false if another Reflector has the chat.
   */
  Uni<Boolean> tryLockChat(String tenant, String agent, String chat) {
    String hex = Sha256.hex("reflector\u0000" + tenant + '\u0000' + agent + '\u0000' + chat);
    long key = Long.parseUnsignedLong(hex.substring(0, 16), 16);
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery(TRY_LOCK, Boolean.class)
                    .setParameter(1, key)
                    .getSingleResult());
  }

  /** Takes these exchanges off the queue; answers how many were still on it. */
  Uni<Integer> unqueue(List<Long> exchangeIds) {
    return Panache.getSession()
        .chain(s -> s.createNativeQuery(UNQUEUE).setParameter(1, exchangeIds).executeUpdate());
  }

  /** Moves the chat's cursor to {@code lastId}, said at {@code lastAt}, adding {@code read}. */
  Uni<Void> advanceCursor(
      String tenant, String agent, String chat, long lastId, Instant lastAt, long read) {
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery(ADVANCE)
                    .setParameter(1, tenant)
                    .setParameter(2, agent)
                    .setParameter(3, chat)
                    .setParameter(4, lastId)
                    .setParameter(5, lastAt)
                    .setParameter(6, read)
                    .setParameter(7, Instant.now())
                    .executeUpdate())
        .replaceWithVoid();
  }
}
