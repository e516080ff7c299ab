package dev.engram.capture.autorelation;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.List;

/**
 * The memories waiting for their similarity links ({@code memory_link_queue}, filled by a trigger
 * on every new memory, see V7). Quarantined ones wait until released; ones that failed go last.
 */
@ApplicationScoped
class LinkQueueRepository {

  /** The next queued memories that may be linked now, oldest first. */
  Uni<List<Long>> next(int limit) {
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery(
                        "select q.memory_id from memory_link_queue q"
                            + " join memories m on m.id = q.memory_id"
                            + " where m.status <> 'QUARANTINED'"
                            + " order by q.attempts, q.memory_id limit ?1",
                        Long.class)
                    .setParameter(1, limit)
                    .getResultList());
  }

  /** Linked (or nothing to link): leaves the queue. */
  Uni<Void> done(long memoryId) {
    return update("delete from memory_link_queue where memory_id = ?1", memoryId);
  }

  /** These were linked (or had nothing to link): they leave the queue, in one statement. */
  Uni<Void> done(Collection<Long> memoryIds) {
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery("delete from memory_link_queue where memory_id in (?1)")
                    .setParameter(1, memoryIds)
                    .executeUpdate())
        .replaceWithVoid();
  }

  /** Linking failed: tried again later, after the others. */
  Uni<Void> failed(long memoryId) {
    return update(
        "update memory_link_queue set attempts = attempts + 1 where memory_id = ?1", memoryId);
  }

  private static Uni<Void> update(String sql, long memoryId) {
    return Panache.getSession()
        .chain(s -> s.createNativeQuery(sql).setParameter(1, memoryId).executeUpdate())
        .replaceWithVoid();
  }
}
