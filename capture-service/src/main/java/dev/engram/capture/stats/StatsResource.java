package dev.engram.capture.stats;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * {@code GET /v1/stats}: the caller's tenant at a glance — memory pool health (active, archived,
 * superseded, quarantined, low-confidence), exchanges and what the gate held back, facts, the
 * Reflector's backlog and totals (extraction counts and throughput), the outbox per projection.
 */
@Path("/v1/stats")
@RolesAllowed({Roles.ADMIN, Roles.OPS})
class StatsResource {

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

  private final SecurityIdentity identity;
  private final double lowConfidence;

  StatsResource(SecurityIdentity identity, CaptureConfig config) {
    this.identity = identity;
    this.lowConfidence = config.lifecycle().lowConfidence();
  }

  @GET
  @WithSession
  public Uni<Map<String, Object>> stats() {
    String tenant = Caller.of(identity).tenant();
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("tenant", tenant);
    return Panache.getSession()
        .chain(
            s ->
                rows(s, MEMORIES, tenant, lowConfidence)
                    .invoke(rows -> result.put("memories", memories(rows)))
                    .chain(() -> one(s, EXCHANGES, tenant))
                    .invoke(
                        r -> result.put("exchanges", Map.of("total", r[0], "quarantined", r[1])))
                    .chain(() -> one(s, FACTS, tenant))
                    .invoke(
                        r ->
                            result.put(
                                "facts",
                                Map.of("current", r[0], "superseded", r[1], "quarantined", r[2])))
                    .chain(() -> one(s, SLOTS, tenant))
                    .invoke(r -> result.put("slots", Map.of("total", r[0], "quarantined", r[1])))
                    .chain(() -> one(s, REFLECTOR, tenant))
                    .invoke(r -> result.put("reflector", reflector(r)))
                    .chain(() -> rows(s, OUTBOX, tenant, null))
                    .invoke(rows -> result.put("outbox", outbox(rows))))
        .replaceWith(result);
  }

  private static Map<String, Object> memories(List<Object[]> rows) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (String status : List.of("active", "archived", "superseded", "quarantined")) {
      m.put(status, 0L);
    }
    m.put("low_confidence", 0L);
    for (Object[] row : rows) {
      String status = ((String) row[0]).toLowerCase(Locale.ROOT);
      m.put(status, ((Number) row[1]).longValue());
      if (status.equals("active")) {
        m.put("low_confidence", ((Number) row[2]).longValue());
      }
    }
    return m;
  }

  private static Map<String, Object> reflector(Object[] r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("pending_exchanges", r[0]);
    m.put("runs", r[1]);
    m.put("exchanges_read", r[2]);
    m.put("extracted", r[3]);
    m.put("inserted", r[4]);
    m.put("touched", r[5]);
    m.put("superseded", r[6]);
    m.put("skipped", r[7]);
    m.put("quarantined", r[8]);
    m.put("archived", r[9]);
    m.put("last_run_finished_at", r[10] == null ? null : instant(r[10]).toString());
    double seconds = ((Number) r[11]).doubleValue();
    long read = ((Number) r[2]).longValue();
    m.put("exchanges_per_second", seconds <= 0 ? 0.0 : Math.round(read / seconds * 10) / 10.0);
    return m;
  }

  private static Map<String, Object> outbox(List<Object[]> rows) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (String target : List.of("recall", "graph")) {
      m.put(target, Map.of("pending", 0L, "dead", 0L, "lag_seconds", 0.0));
    }
    Instant now = Instant.now();
    for (Object[] row : rows) {
      double lag =
          row[3] == null
              ? 0.0
              : Math.max(0, (now.toEpochMilli() - instant(row[3]).toEpochMilli()) / 1000.0);
      m.put(
          ((String) row[0]).toLowerCase(Locale.ROOT),
          Map.of("pending", row[1], "dead", row[2], "lag_seconds", lag));
    }
    return m;
  }

  private static Instant instant(Object value) {
    if (value instanceof OffsetDateTime odt) {
      return odt.toInstant();
    }
    if (value instanceof Instant i) {
      return i;
    }
    if (value instanceof java.time.LocalDateTime ldt) {
      return ldt.toInstant(java.time.ZoneOffset.UTC);
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
