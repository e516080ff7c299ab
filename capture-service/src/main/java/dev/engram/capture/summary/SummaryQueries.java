package dev.engram.capture.summary;

import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryCategory;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.common.Sha256;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The SQL of the summary DAG: days of exchanges, a period's exchanges, existing summaries, and the
 * period lock and current version its writer reads under it. A null thread or mode is bound as text
 * nowhere: "is null" keeps the type out, and its parameter is bound as '' so the numbering holds.
 * Every statement runs in the caller's session or transaction.
 */
@ApplicationScoped
class SummaryQueries {

  /** The ACTIVE exchanges of every closed day, per chat and thread, with their ids in order. */
  private static final String DAYS =
      "select agent, chat, thread, cast((occurred_at at time zone 'UTC') as date),"
          + " string_agg(cast(id as text), ',' order by id), mode from exchanges"
          + " where tenant = ?1 and status = 'ACTIVE' and agent is not null and chat is not null"
          + " and occurred_at < ?2%s group by 1, 2, 3, 4, 6 order by 4, 1, 2, 3, 6";

  private static final String LOCK =
      "select count(*) from (select pg_advisory_xact_lock(?1)) locked";

  private static final String CURRENT =
      "select * from memories where tenant = ?1 and category = 'SUMMARY'"
          + " and status in ('ACTIVE', 'QUARANTINED') and agent = ?2 and chat = ?3 and %s and %s"
          + " and metadata ->> 'level' = ?5 and metadata ->> 'period_start' = ?6"
          + " order by id desc limit 1";

  private static final String PERIOD =
      "select * from exchanges where tenant = ?1 and agent = ?2 and chat = ?3"
          + " and %s and %s and status = 'ACTIVE'"
          + " and occurred_at >= ?5 and occurred_at < ?6 order by occurred_at, id";

  /** A chat or thread's day with exchanges, and their ids. */
  record Day(
      String agent,
      String chat,
      String thread,
      String mode,
      LocalDate day,
      List<Long> exchangeIds) {}

  /** Days that ended before {@code before}; only one chat's when {@code chat} is given. */
  Uni<List<Day>> days(String tenant, String agent, String chat, LocalDate before) {
    String only = chat == null ? "" : " and agent = ?3 and chat = ?4";
    return Panache.getSession()
        .chain(
            s -> {
              var q =
                  s.createNativeQuery(DAYS.formatted(only), Object[].class)
                      .setParameter(1, tenant)
                      .setParameter(2, before.atStartOfDay().toInstant(ZoneOffset.UTC));
              if (chat != null) {
                q.setParameter(3, agent).setParameter(4, chat);
              }
              return q.getResultList();
            })
        .map(rows -> rows.stream().map(SummaryQueries::day).toList());
  }

  /** The ACTIVE exchanges of a period's chat or thread and mode in {@code [from, to)}, in order. */
  Uni<List<Exchange>> exchanges(String tenant, Summaries.Period p, LocalDate from, LocalDate to) {
    String thread = p.thread();
    String mode = p.mode();
    return Panache.getSession()
        .chain(
            s -> {
              var q =
                  s.createNativeQuery(
                          PERIOD.formatted(threadIs(thread), modeIs(mode)), Exchange.class)
                      .setParameter(1, tenant)
                      .setParameter(2, p.agent())
                      .setParameter(3, p.chat())
                      .setParameter(4, Objects.requireNonNullElse(thread, ""))
                      .setParameter(5, utc(from))
                      .setParameter(6, utc(to))
                      .setParameter(7, Objects.requireNonNullElse(mode, ""));
              return q.getResultList();
            });
  }

  /** The tenant's current summaries (ACTIVE or QUARANTINED), oldest first. */
  Uni<List<Memory>> currentSummaries(String tenant) {
    return Memory.<Memory>list(
        "tenant = ?1 and category = ?2 and status in ?3 order by id",
        tenant,
        MemoryCategory.SUMMARY,
        List.of(MemoryStatus.ACTIVE, MemoryStatus.QUARANTINED));
  }

  /**
   * Blocks until the caller's transaction holds the period's advisory lock (held until it ends):
   * writers of one period take turns.
   */
  Uni<Void> lockPeriod(String tenant, Summaries.Period p) {
    String hex =
        Sha256.hex(
            String.join(
                "\u0000",
                "summary",
                tenant,
                p.agent(),
                p.chat(),
                Objects.requireNonNullElse(p.thread(), ""),
                Objects.requireNonNullElse(p.mode(), ""),
                p.level().wire(),
                p.start().toString()));
    long key = Long.parseUnsignedLong(hex.substring(0, 16), 16);
    return Panache.getSession()
        .chain(s -> s.createNativeQuery(LOCK, Long.class).setParameter(1, key).getSingleResult())
        .replaceWithVoid();
  }

  /**
   * The period's current summary (ACTIVE or QUARANTINED, newest), or null; in the caller's session.
   */
  Uni<Memory> currentSummary(String tenant, Summaries.Period p) {
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery(
                        CURRENT.formatted(threadIs(p.thread()), modeIs(p.mode())), Memory.class)
                    .setParameter(1, tenant)
                    .setParameter(2, p.agent())
                    .setParameter(3, p.chat())
                    .setParameter(4, Objects.requireNonNullElse(p.thread(), ""))
                    .setParameter(5, p.level().wire())
                    .setParameter(6, p.start().toString())
                    .setParameter(7, Objects.requireNonNullElse(p.mode(), ""))
                    .getResultList())
        .map(rows -> rows.isEmpty() ? null : rows.getFirst());
  }

  private static String threadIs(String thread) {
    return thread == null ? "thread is null and ?4 = ''" : "thread = ?4";
  }

  private static String modeIs(String mode) {
    return mode == null ? "mode is null and ?7 = ''" : "mode = ?7";
  }

  private static Day day(Object[] row) {
    List<Long> ids = new ArrayList<>();
    Arrays.stream(((String) row[4]).split(",")).forEach(id -> ids.add(Long.parseLong(id)));
    Object date = row[3];
    LocalDate day =
        date instanceof LocalDate d ? d : ((java.sql.Date) date).toLocalDate(); // driver-dependent
    return new Day((String) row[0], (String) row[1], (String) row[2], (String) row[5], day, ids);
  }

  private static Instant utc(LocalDate day) {
    return day.atStartOfDay().toInstant(ZoneOffset.UTC);
  }
}
