package dev.engram.capture.audit;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A filter over one tenant's audit log, keyset-paged by id: newest first for the query API, oldest
 * first for the export (which streams page after page, each in its own short session, so a large
 * log is never held in memory).
 */
record AuditQuery(
    String tenant, String targetType, String targetId, String operation, Instant from, Instant to) {

  private static final int EXPORT_PAGE = 500;

  Uni<List<AuditEntry>> page(Long beforeId, int limit) {
    Parameters params = Parameters.with("tenant", tenant);
    String where = where(params);
    if (beforeId != null) {
      where += " and id < :cursor";
      params.and("cursor", beforeId);
    }
    return AuditEntry.<AuditEntry>find(where, Sort.descending("id"), params).page(0, limit).list();
  }

  Multi<AuditView> export() {
    AtomicLong after = new AtomicLong(0);
    return Multi.createBy()
        .repeating()
        .uni(
            () ->
                Panache.withSession(
                    () -> {
                      Parameters params =
                          Parameters.with("tenant", tenant).and("after", after.get());
                      return AuditEntry.<AuditEntry>find(
                              where(params) + " and id > :after", Sort.ascending("id"), params)
                          .page(0, EXPORT_PAGE)
                          .list();
                    }))
        .whilst(rows -> rows.size() == EXPORT_PAGE)
        .onItem()
        .transformToMultiAndConcatenate(
            rows -> {
              if (!rows.isEmpty()) {
                after.set(rows.getLast().id);
              }
              return Multi.createFrom().iterable(rows.stream().map(AuditView::of).toList());
            });
  }

  private String where(Parameters params) {
    StringBuilder where = new StringBuilder("tenant = :tenant");
    if (targetType != null) {
      where.append(" and targetType = :targetType");
      params.and("targetType", targetType);
    }
    if (targetId != null) {
      where.append(" and targetId = :targetId");
      params.and("targetId", targetId);
    }
    if (operation != null) {
      where.append(" and operation = :operation");
      params.and("operation", operation);
    }
    if (from != null) {
      where.append(" and at >= :from");
      params.and("from", from);
    }
    if (to != null) {
      where.append(" and at < :to");
      params.and("to", to);
    }
    return where.toString();
  }
}
