package dev.engram.capture.quarantine;

import dev.engram.capture.audit.AuditLog;
import dev.engram.capture.slot.Slot;
import dev.engram.capture.slot.SlotRepository;
import dev.engram.capture.slot.SlotStatus;
import dev.engram.capture.slot.SlotView;
import dev.engram.common.auth.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;

/** Quarantined slots: released as they are (ACTIVE again), or deleted. */
@Singleton
final class QuarantinedSlots implements Quarantinable {

  private final AuditLog audit;
  private final SlotRepository slots;

  QuarantinedSlots(AuditLog audit, SlotRepository slots) {
    this.audit = audit;
    this.slots = slots;
  }

  @Override
  public QuarantineService.Type type() {
    return QuarantineService.Type.SLOT;
  }

  @Override
  public Uni<List<QuarantinedItem>> page(Caller caller, Long before, int limit) {
    return Quarantinable.newest(
        slots,
        caller,
        SlotStatus.QUARANTINED,
        before,
        limit,
        s ->
            new QuarantinedItem(
                "slot",
                s.id,
                s.agent,
                null,
                s.content,
                s.statusReason,
                s.ownerType + "/" + s.ownerId + "/" + s.name,
                s.updatedAt));
  }

  @Override
  public Uni<Released> release(Caller caller, long id) {
    return slot(caller, id)
        .chain(
            s -> {
              SlotView before = SlotView.of(s);
              s.status = SlotStatus.ACTIVE;
              s.statusReason = null;
              s.updatedAt = Instant.now();
              s.updatedBy = caller.keyId();
              return Panache.flush()
                  .map(ignored -> SlotView.of(s))
                  .call(
                      after ->
                          audit.record(caller, "slot.release", "slot", s.id + "", before, after));
            })
        .map(Released.Slot::new);
  }

  @Override
  public Uni<Void> delete(Caller caller, long id) {
    return slot(caller, id)
        .chain(s -> Quarantinable.deleteAudited(audit, caller, "slot", id, s, SlotView.of(s)));
  }

  private Uni<Slot> slot(Caller caller, long id) {
    return Quarantinable.held(slots, caller, "slot", id, SlotStatus.QUARANTINED);
  }
}
