package dev.engram.capture.quarantine;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.LockModeType;
import java.util.List;

/**
 * The quarantine's queries, the same over each kind's repository (memories, exchanges, slots: each
 * table has {@code tenant} and {@code status}). They run in the caller's session or transaction.
 */
final class QuarantineQueries {

  private QuarantineQueries() {}

  /** The tenant's rows in {@code status} below {@code before} (all when null), newest first. */
  static <E> Uni<List<E>> newest(
      PanacheRepositoryBase<E, Long> rows, String tenant, Object status, Long before, int limit) {
    return rows.find(
            "tenant = ?1 and status = ?2" + (before == null ? "" : " and id < ?3"),
            Sort.descending("id"),
            before == null ? new Object[] {tenant, status} : new Object[] {tenant, status, before})
        .page(0, limit)
        .list();
  }

  /**
   * The tenant's row with this id in {@code status}, or null; locked until the transaction ends, so
   * a release and a delete of one item (or two of either) take turns, and the second finds it no
   * longer held instead of failing at the flush on a row gone or changed.
   */
  static <E> Uni<E> lockedIn(
      PanacheRepositoryBase<E, Long> rows, String tenant, long id, Object status) {
    return rows.find("id = ?1 and tenant = ?2 and status = ?3", id, tenant, status)
        .withLock(LockModeType.PESSIMISTIC_WRITE)
        .firstResult();
  }
}
