package dev.engram.capture.relation;

import dev.engram.capture.audit.AuditLog;
import dev.engram.capture.outbox.Outbox;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.common.auth.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/** Writes relations inside the caller's transaction: audited, projected to the graph only. */
@ApplicationScoped
public class RelationLedger {

  private final Outbox outbox;
  private final AuditLog audit;
  private final RelationRepository relations;

  RelationLedger(Outbox outbox, AuditLog audit, RelationRepository relations) {
    this.outbox = outbox;
    this.audit = audit;
    this.relations = relations;
  }

  /** Relations from or to a memory. */
  public Uni<List<MemoryRelation>> touching(String tenant, long memoryId) {
    return relations.touching(tenant, memoryId);
  }

  /** Relations from or to a memory about to be deleted, locked until the transaction ends. */
  public Uni<List<MemoryRelation>> lockedTouching(String tenant, long memoryId) {
    return relations.lockedTouching(tenant, memoryId);
  }

  /**
   * The relation of this type between these memories, created (audited, projected) unless it exists
   * already: a retried or re-run automatic link writes nothing twice. True if created.
   */
  public Uni<Boolean> link(Caller caller, long from, long to, RelationType type, double weight) {
    return relations
        .between(caller.tenant(), from, to, type)
        .chain(
            existing ->
                existing != null
                    ? Uni.createFrom().item(false)
                    : create(caller, from, to, type, weight).replaceWith(true));
  }

  /** Whether a relation of this type links the two memories, in either direction. */
  public Uni<Boolean> linked(String tenant, long a, long b, RelationType type) {
    return relations
        .between(tenant, a, b, type)
        .chain(
            r ->
                r != null
                    ? Uni.createFrom().item(true)
                    : relations.between(tenant, b, a, type).map(back -> back != null));
  }

  public Uni<MemoryRelation> create(
      Caller caller, long from, long to, RelationType type, double weight) {
    MemoryRelation r = new MemoryRelation();
    r.tenant = caller.tenant();
    r.fromMemory = from;
    r.toMemory = to;
    r.type = type;
    r.weight = weight;
    r.createdAt = Instant.now();
    r.createdBy = caller.keyId();
    return r.persist()
        .chain(Panache::flush)
        .chain(() -> outbox.upsert(r.tenant, AggregateType.RELATION, r.id))
        .chain(
            () ->
                audit.record(
                    caller, "relation.create", "relation", r.id + "", null, RelationView.of(r)))
        .replaceWith(r);
  }

  public Uni<Void> delete(Caller caller, MemoryRelation r) {
    RelationView before = RelationView.of(r);
    return r.delete()
        .chain(() -> outbox.delete(r.tenant, AggregateType.RELATION, r.id, r.version))
        .chain(() -> audit.record(caller, "relation.delete", "relation", r.id + "", before, null));
  }
}
