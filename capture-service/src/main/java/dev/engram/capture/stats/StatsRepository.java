package dev.engram.capture.stats;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * The aggregate counts behind {@code /v1/stats} and the pool gauges ({@link PoolStats}), straight
 * from PostgreSQL (counting rows through entities would load them all). One session, one statement
 * after the other; rows come back typed.
 */
@ApplicationScoped
class StatsRepository {

  private static final String MEMORIES =
      "select status, count(*), count(*) filter (where confidence < ?2) from memories where tenant"
          + " = ?1 group by status";
  private static final String EXCHANGES =
      "select count(*), count(*) filter (where status = 'QUARANTINED') from exchanges where tenant"
          + " = ?1";
  private static final String FACTS =
      "select count(*) filter (where status = 'ACTIVE' and invalidated_at is null), count(*)"
          + " filter (where status = 'SUPERSEDED'), count(*) filter (where status = 'QUARANTINED')"
          + " from facts where tenant = ?1";
  private static final String SLOTS =
      "select count(*), count(*) filter (where status = 'QUARANTINED') from slots where tenant ="
          + " ?1";
  private static final String REFLECTOR =
      "select (select count(*) from reflector_inbox where tenant = ?1), count(*),"
          + " coalesce(sum(exchanges_read), 0), coalesce(sum(extracted), 0), coalesce(sum(inserted),"
          + " 0), coalesce(sum(touched), 0), coalesce(sum(superseded), 0), coalesce(sum(skipped), 0),"
          + " coalesce(sum(quarantined), 0), coalesce(sum(archived), 0), max(finished_at),"
          + " coalesce(sum(extract(epoch from finished_at - started_at)), 0) from reflector_runs"
          + " where tenant = ?1 and finished_at is not null";
  private static final String OUTBOX =
      "select target, count(*) filter (where dead_at is null), count(*) filter (where dead_at is"
          + " not null), min(created_at) filter (where dead_at is null) from outbox where tenant ="
          + " ?1 group by target";
  private static final String INJECTIONS =
      "select count(*), coalesce(sum(selected), 0), coalesce(sum(candidates), 0) from"
          + " injection_records where tenant = ?1 and created_at > now() - interval '24 hours'";

  /** Every tenant's memories by status, below the threshold counted apart (the pool gauges). */
  private static final String POOL_MEMORIES =
      "select status, count(*), count(*) filter (where confidence < ?1) from memories group by"
          + " status";

  private static final String POOL_OTHERS =
      "select (select count(*) from exchanges where status = 'QUARANTINED'), (select count(*) from"
          + " reflector_inbox)";

  /** Memories of one status; {@code lowConfidence} counts those below the threshold. */
  record StatusCount(String status, long count, long lowConfidence) {}

  /** A total and how many of it are quarantined. */
  record Counted(long total, long quarantined) {}

  /** Facts: current, superseded, quarantined. */
  record FactCounts(long current, long superseded, long quarantined) {}

  /** One projection's backlog: lower-case target, pending, dead, oldest pending. */
  record OutboxBacklog(String target, long pending, long dead, Instant oldestPending) {}

  /** The pool across tenants: memories by status, quarantined exchanges, the Reflector's queue. */
  record PoolCounts(List<StatusCount> memories, long quarantinedExchanges, long reflectorPending) {}

  /** Everything, read in one session. */
  record Counts(
      List<StatusCount> memories,
      Counted exchanges,
      FactCounts facts,
      Counted slots,
      TenantStats.Reflector reflector,
      List<OutboxBacklog> outbox,
      TenantStats.Window injections) {}

  Uni<Counts> counts(String tenant, double lowConfidence) {
    return Panache.getSession()
        .chain(
            s -> {
              Reading read = new Reading();
              return rows(s, MEMORIES, tenant, lowConfidence)
                  .invoke(rows -> read.memories = rows.stream().map(r -> statusCount(r)).toList())
                  .chain(() -> one(s, EXCHANGES, tenant))
                  .invoke(r -> read.exchanges = counted(r))
                  .chain(() -> one(s, FACTS, tenant))
                  .invoke(
                      r -> read.facts = new FactCounts(number(r[0]), number(r[1]), number(r[2])))
                  .chain(() -> one(s, SLOTS, tenant))
                  .invoke(r -> read.slots = counted(r))
                  .chain(() -> one(s, REFLECTOR, tenant))
                  .invoke(r -> read.reflector = reflector(r))
                  .chain(() -> rows(s, OUTBOX, tenant, null))
                  .invoke(rows -> read.outbox = rows.stream().map(r -> backlog(r)).toList())
                  .chain(() -> one(s, INJECTIONS, tenant))
                  .map(
                      r ->
                          new Counts(
                              read.memories,
                              read.exchanges,
                              read.facts,
                              read.slots,
                              read.reflector,
                              read.outbox,
                              new TenantStats.Window(number(r[0]), number(r[1]), number(r[2]))));
            });
  }

  /** Every tenant's pool, in the caller's session. */
  Uni<PoolCounts> pool(double lowConfidence) {
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery(POOL_MEMORIES, Object[].class)
                    .setParameter(1, lowConfidence)
                    .getResultList()
                    .chain(
                        memories ->
                            s.createNativeQuery(POOL_OTHERS, Object[].class)
                                .getSingleResult()
                                .map(
                                    r ->
                                        new PoolCounts(
                                            memories.stream()
                                                .map(StatsRepository::statusCount)
                                                .toList(),
                                            number(r[0]),
                                            number(r[1])))));
  }

  /** What the statements returned so far (they run one after the other on one session). */
  private static final class Reading {
    List<StatusCount> memories;
    Counted exchanges;
    FactCounts facts;
    Counted slots;
    TenantStats.Reflector reflector;
    List<OutboxBacklog> outbox;
  }

  private static StatusCount statusCount(Object[] r) {
    return new StatusCount(((String) r[0]).toLowerCase(Locale.ROOT), number(r[1]), number(r[2]));
  }

  private static Counted counted(Object[] r) {
    return new Counted(number(r[0]), number(r[1]));
  }

  /** Sums over finished runs; throughput is exchanges read per second of run time. */
  private static TenantStats.Reflector reflector(Object[] r) {
    double seconds = ((Number) r[11]).doubleValue();
    long read = number(r[2]);
    return new TenantStats.Reflector(
        number(r[0]),
        number(r[1]),
        read,
        number(r[3]),
        number(r[4]),
        number(r[5]),
        number(r[6]),
        number(r[7]),
        number(r[8]),
        number(r[9]),
        r[10] == null ? null : instant(r[10]).toString(),
        seconds <= 0 ? 0.0 : Math.round(read / seconds * 10) / 10.0);
  }

  private static OutboxBacklog backlog(Object[] r) {
    return new OutboxBacklog(
        ((String) r[0]).toLowerCase(Locale.ROOT),
        number(r[1]),
        number(r[2]),
        r[3] == null ? null : instant(r[3]));
  }

  private static long number(Object value) {
    return ((Number) value).longValue();
  }

  private static Instant instant(Object value) {
    if (value instanceof OffsetDateTime odt) {
      return odt.toInstant();
    }
    if (value instanceof Instant i) {
      return i;
    }
    if (value instanceof LocalDateTime ldt) {
      return ldt.toInstant(ZoneOffset.UTC);
    }
    return Instant.parse(value.toString());
  }

  private static Uni<List<Object[]>> rows(Mutiny.Session s, String sql, String tenant, Double low) {
    var q = s.createNativeQuery(sql, Object[].class).setParameter(1, tenant);
    if (low != null) {
      q.setParameter(2, low);
    }
    return q.getResultList();
  }

  private static Uni<Object[]> one(Mutiny.Session s, String sql, String tenant) {
    return s.createNativeQuery(sql, Object[].class).setParameter(1, tenant).getSingleResult();
  }
}
