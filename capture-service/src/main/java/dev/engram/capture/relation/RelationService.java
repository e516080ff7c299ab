package dev.engram.capture.relation;

import dev.engram.capture.CaptureError;
import dev.engram.capture.evidence.EvidenceLedger;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryRepository;
import dev.engram.capture.memory.MemoryScope;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;

/** Typed links between two memories of one tenant; quarantined memories cannot be linked. */
@ApplicationScoped
class RelationService {

  private final RelationLedger ledger;
  private final MemoryRepository memories;
  private final RelationRepository relations;
  private final EvidenceLedger evidence;

  RelationService(
      RelationLedger ledger,
      MemoryRepository memories,
      RelationRepository relations,
      EvidenceLedger evidence) {
    this.ledger = ledger;
    this.memories = memories;
    this.relations = relations;
    this.evidence = evidence;
  }

  @WithTransaction
  Uni<RelationView> create(Caller caller, long from, long to, RelationType type, Double weight) {
    if (from == to) {
      throw EngramException.invalid("to_memory", "different", "a memory cannot relate to itself");
    }
    double w = weight == null ? 1.0 : weight;
    // Both memories are locked, the lower id first: two copies of one link take turns (the second
    // answers relation_exists), and neither memory can be deleted under a new link. One order for
    // every writer, so two links between the same pair cannot deadlock.
    long first = Math.min(from, to);
    return linkable(caller, first)
        .chain(
            a ->
                linkable(caller, first == from ? to : from)
                    .chain(
                        b -> {
                          Memory source = first == from ? a : b;
                          Memory target = first == from ? b : a;
                          return relations
                              .between(caller.tenant(), from, to, type)
                              .chain(
                                  (MemoryRelation existing) -> {
                                    if (existing != null) {
                                      throw new EngramException(
                                          CaptureError.RELATION_EXISTS,
                                          "Memory " + from + " already " + type + " memory " + to,
                                          List.of(),
                                          Map.of("relation_id", existing.id));
                                    }
                                    return ledger.create(caller, from, to, type, w);
                                  })
                              .call(r -> contradiction(r, source, target));
                        }))
        .map(RelationView::of);
  }

  @WithSession
  Uni<List<RelationView>> list(Caller caller, long memoryId) {
    return memories
        .inTenant(caller.tenant(), memoryId)
        .onItem()
        .ifNull()
        .failWith(() -> notFound(memoryId))
        .chain(() -> ledger.touching(caller.tenant(), memoryId))
        .map(rows -> rows.stream().map(RelationView::of).toList());
  }

  @WithTransaction
  Uni<Void> delete(Caller caller, long memoryId, long relationId) {
    // Locked: a second DELETE of the link, or the deletion of its memory, waits and then finds
    // nothing (404) instead of failing at the flush.
    return relations
        .ofMemory(caller.tenant(), relationId, memoryId)
        .onItem()
        .ifNull()
        .failWith(
            () ->
                new EngramException(
                    CaptureError.RELATION_NOT_FOUND,
                    "No relation " + relationId + " on memory " + memoryId))
        .chain(r -> ledger.delete(caller, r));
  }

  /** A CONTRADICTS made by hand is evidence against the statement of the memory it points at. */
  private Uni<Void> contradiction(MemoryRelation r, Memory from, Memory to) {
    if (r.type != RelationType.CONTRADICTS) {
      return Uni.createFrom().voidItem();
    }
    return evidence.record(EvidenceLedger.Draft.contradicted(to, from, r.weight));
  }

  private Uni<Memory> linkable(Caller caller, long id) {
    return memories
        .lockedInTenant(caller.tenant(), id)
        .onItem()
        .ifNull()
        .failWith(() -> notFound(id))
        .invoke(
            m -> {
              if (m.status == MemoryStatus.QUARANTINED) {
                throw new EngramException(
                    CaptureError.MEMORY_NOT_ACTIVE,
                    "Memory " + id + " is quarantined; release it before relating it",
                    List.of(),
                    Map.of("memory_status", m.status.name()));
              }
              if (m.scope == MemoryScope.GLOBAL && !caller.has(Roles.ADMIN)) {
                // Reading GLOBAL memories is fine; linking from one is a write to the tenant's
                // graph.
                throw new EngramException(
                    CaptureError.GLOBAL_NEEDS_ADMIN,
                    "Relating GLOBAL memory " + id + " needs an admin key");
              }
            });
  }

  private static EngramException notFound(long id) {
    return new EngramException(CaptureError.MEMORY_NOT_FOUND, "No memory with id " + id);
  }
}
