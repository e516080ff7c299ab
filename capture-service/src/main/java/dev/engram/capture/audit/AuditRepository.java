package dev.engram.capture.audit;

import dev.engram.capture.db.Where;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** The queries over {@code audit_log}, keyset-paged by id. */
@ApplicationScoped
class AuditRepository implements PanacheRepositoryBase<AuditEntry, Long> {

  /**
   * The filter's rows below {@code beforeId} (all when null), newest first, at most {@code limit}.
   */
  Uni<List<AuditEntry>> newestBelow(AuditFilter filter, Long beforeId, int limit) {
    Where where = where(filter).andIf(beforeId, "id < :cursor", "cursor");
    return find(where.clause(), Sort.descending("id"), where.params()).page(0, limit).list();
  }

  /** The filter's rows above {@code afterId}, oldest first, at most {@code limit}. */
  Uni<List<AuditEntry>> oldestAbove(AuditFilter filter, long afterId, int limit) {
    Where where = where(filter).and("id > :after", "after", afterId);
    return find(where.clause(), Sort.ascending("id"), where.params()).page(0, limit).list();
  }

  private static Where where(AuditFilter filter) {
    return Where.of("tenant = :tenant", "tenant", filter.tenant())
        .equal("targetType", filter.targetType())
        .equal("targetId", filter.targetId())
        .equal("operation", filter.operation())
        .andIf(filter.from(), "at >= :from", "from")
        .andIf(filter.to(), "at < :to", "to");
  }
}
