package dev.engram.capture.audit;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads one tenant's audit log: a page, newest first, for the query API; the whole log, oldest
 * first, for the export, which streams page after page, each in its own short session, so a large
 * log is never held in memory.
 */
@ApplicationScoped
class AuditService {

  private static final int EXPORT_PAGE = 500;

  private final AuditRepository log;

  AuditService(AuditRepository log) {
    this.log = log;
  }

  @WithSession
  Uni<List<AuditView>> page(AuditFilter filter, Long beforeId, int limit) {
    return log.newestBelow(filter, beforeId, limit)
        .map(rows -> rows.stream().map(AuditView::of).toList());
  }

  Multi<AuditView> export(AuditFilter filter) {
    AtomicLong after = new AtomicLong(0);
    return Multi.createBy()
        .repeating()
        .uni(() -> Panache.withSession(() -> log.oldestAbove(filter, after.get(), EXPORT_PAGE)))
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
}
