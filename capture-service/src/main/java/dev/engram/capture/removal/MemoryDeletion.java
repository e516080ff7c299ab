package dev.engram.capture.removal;

import dev.engram.capture.audit.AuditLog;
import dev.engram.capture.fact.FactLedger;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryRemoval;
import dev.engram.capture.memory.MemoryView;
import dev.engram.capture.outbox.Outbox;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.capture.relation.RelationLedger;
import dev.engram.common.auth.Caller;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Deleting a memory, and what goes with it, so that nothing derived outlives its source: its
 * relations, the facts sourced only from it (a fact with other sources just loses this one). Each
 * removal is audited and projected like any other write.
 */
@ApplicationScoped
class MemoryDeletion implements MemoryRemoval {

  private final FactLedger facts;
  private final RelationLedger relations;
  private final Outbox outbox;
  private final AuditLog audit;

  MemoryDeletion(FactLedger facts, RelationLedger relations, Outbox outbox, AuditLog audit) {
    this.facts = facts;
    this.relations = relations;
    this.outbox = outbox;
    this.audit = audit;
  }

  @Override
  public Uni<Void> delete(Caller caller, Memory m) {
    MemoryView before = MemoryView.of(m);
    return beforeDelete(caller, m)
        .chain(m::delete)
        .chain(() -> outbox.delete(m.tenant, AggregateType.MEMORY, m.id, m.version))
        .chain(() -> audit.record(caller, "memory.delete", "memory", m.id + "", before, null));
  }

  private Uni<Void> beforeDelete(Caller caller, Memory m) {
    return relations
        .lockedTouching(m.tenant, m.id)
        .chain(
            list ->
                Multi.createFrom()
                    .iterable(list)
                    .onItem()
                    .transformToUniAndConcatenate(r -> relations.delete(caller, r))
                    .collect()
                    .asList())
        .chain(() -> facts.sourcedFrom(m.tenant, m.id))
        .chain(
            list ->
                Multi.createFrom()
                    .iterable(list)
                    .onItem()
                    .transformToUniAndConcatenate(
                        f ->
                            // A canonical fact was approved on its own: it loses the source,
                            // never its place (issue 17: superseded, never deleted).
                            f.sources().size() <= 1 && !f.canonical
                                ? facts.delete(caller, f)
                                : facts.dropSource(caller, f, m.id).replaceWithVoid())
                    .collect()
                    .asList())
        .replaceWithVoid();
  }
}
