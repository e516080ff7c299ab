package dev.engram.capture.summary;

import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryCategory;
import dev.engram.capture.memory.MemoryStatus;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The reads of the summary DAG: days of exchanges, a period's exchanges, existing summaries. */
@ApplicationScoped
class SummaryReads {

  /** The ACTIVE exchanges of every closed day, per chat and thread, with their ids in order. */
  private static final String DAYS =
      "select agent, chat, thread, cast((occurred_at at time zone 'UTC') as date),"
          + " string_agg(cast(id as text), ',' order by id), mode from exchanges"
          + " where tenant = ?1 and status = 'ACTIVE' and agent is not null and chat is not null"
          + " and occurred_at < ?2%s group by 1, 2, 3, 4, 6 order by 4, 1, 2, 3, 6";

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
    return Panache.withSession(
        () ->
            Panache.getSession()
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
                .map(rows -> rows.stream().map(SummaryReads::day).toList()));
  }

  /** The ACTIVE exchanges of a period's chat or thread and mode in {@code [from, to)}, in order. */
  Uni<List<Exchange>> exchanges(String tenant, Summaries.Period p, LocalDate from, LocalDate to) {
    String thread = p.thread();
    String mode = p.mode();
    return Panache.withSession(
        () ->
            Panache.getSession()
                .chain(
                    s -> {
                      // A null thread is bound as text nowhere: "is null" keeps the type out.
                      var q =
                          s.createNativeQuery(
                                  PERIOD.formatted(
                                      thread == null ? "thread is null and ?4 = ''" : "thread = ?4",
                                      mode == null ? "mode is null and ?7 = ''" : "mode = ?7"),
                                  Exchange.class)
                              .setParameter(1, tenant)
                              .setParameter(2, p.agent())
                              .setParameter(3, p.chat())
                              .setParameter(4, thread == null ? "" : thread)
                              .setParameter(5, utc(from))
                              .setParameter(6, utc(to))
                              .setParameter(7, mode == null ? "" : mode);
                      return q.getResultList();
                    }));
  }

  /** The tenant's current summaries (ACTIVE or QUARANTINED), oldest first. */
  Uni<List<Memory>> current(String tenant) {
    return Panache.withSession(
        () ->
            Memory.<Memory>list(
                "tenant = ?1 and category = ?2 and status in ?3 order by id",
                tenant,
                MemoryCategory.SUMMARY,
                List.of(MemoryStatus.ACTIVE, MemoryStatus.QUARANTINED)));
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
