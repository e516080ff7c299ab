package dev.engram.capture.relation;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.Collection;
import java.util.List;

/** The queries over {@code memory_relations}. */
@ApplicationScoped
public class RelationRepository implements PanacheRepositoryBase<MemoryRelation, Long> {

  /** These rows, any tenant or status (callers already hold the ids of one tenant). */
  public Uni<List<MemoryRelation>> byIds(Collection<Long> ids) {
    return list("id in ?1", ids);
  }

  /** Relations from or to a memory, by id. */
  Uni<List<MemoryRelation>> touching(String tenant, long memoryId) {
    return list("tenant = ?1 and (fromMemory = ?2 or toMemory = ?2) order by id", tenant, memoryId);
  }

  /** Relations from or to a memory, locked until the transaction ends (it is being deleted). */
  Uni<List<MemoryRelation>> lockedTouching(String tenant, long memoryId) {
    return find("tenant = ?1 and (fromMemory = ?2 or toMemory = ?2) order by id", tenant, memoryId)
        .withLock(LockModeType.PESSIMISTIC_WRITE)
        .list();
  }

  /** The relation of this type between these memories, or null. */
  Uni<MemoryRelation> between(String tenant, long from, long to, RelationType type) {
    return find(
            "tenant = ?1 and fromMemory = ?2 and toMemory = ?3 and type = ?4",
            tenant,
            from,
            to,
            type)
        .firstResult();
  }

  /** The tenant's relation with this id if it starts or ends at the memory, or null. */
  Uni<MemoryRelation> ofMemory(String tenant, long relationId, long memoryId) {
    return find(
            "id = ?1 and tenant = ?2 and (fromMemory = ?3 or toMemory = ?3)",
            relationId,
            tenant,
            memoryId)
        .withLock(LockModeType.PESSIMISTIC_WRITE)
        .firstResult();
  }
}
