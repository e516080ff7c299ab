package dev.engram.capture.memory;

import dev.engram.capture.audit.AuditLog;
import dev.engram.capture.outbox.Outbox;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.common.auth.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/**
 * What every memory write does after changing the row, inside its transaction: flush (so the
 * version is final), enqueue the projection event, append the audit row with the content before and
 * after. A memory quarantined from birth was never projected, so it enqueues nothing.
 */
@ApplicationScoped
public class MemoryJournal {

  private final Outbox outbox;
  private final AuditLog audit;
  private final MemoryLinks links;

  MemoryJournal(Outbox outbox, AuditLog audit, MemoryLinks links) {
    this.outbox = outbox;
    this.audit = audit;
    this.links = links;
  }

  /** A new memory. */
  public Uni<MemoryView> created(Caller caller, Memory m) {
    return Panache.flush()
        .chain(
            () ->
                m.status == MemoryStatus.QUARANTINED
                    ? Uni.createFrom().voidItem()
                    : outbox.upsert(m.tenant, AggregateType.MEMORY, m.id))
        .map(ignored -> MemoryView.of(m))
        .call(after -> audit.record(caller, "memory.create", "memory", m.id + "", null, after));
  }

  /**
   * Marks each of {@code old} SUPERSEDED by {@code by}; returns how many. A canonical one (a human
   * approved it) is superseded only by a canonical successor: an automatic correction (the
   * Reflector, a released successor of a plain memory) stays beside it, linked as contradicting it,
   * until a human supersedes or archives it.
   */
  public Uni<Integer> supersede(Caller caller, List<Memory> old, Memory by, String reason) {
    List<Memory> kept = old.stream().filter(m -> m.canonical && !by.canonical).toList();
    if (!kept.isEmpty()) {
      if (by.supersedes != null && kept.stream().anyMatch(m -> m.id.equals(by.supersedes))) {
        by.supersedes = null;
      }
      return Multi.createFrom()
          .iterable(kept)
          .onItem()
          .transformToUniAndConcatenate(m -> links.superseded(caller, m, by))
          .collect()
          .asList()
          .chain(
              ignored ->
                  supersede(
                      caller, old.stream().filter(m -> !kept.contains(m)).toList(), by, reason));
    }
    if (old.isEmpty()) {
      return Uni.createFrom().item(0);
    }
    Instant now = Instant.now();
    String why = reason.length() > 500 ? reason.substring(0, 500) : reason;
    return Multi.createFrom()
        .iterable(old)
        .onItem()
        .transformToUniAndConcatenate(
            m -> {
              MemoryView before = MemoryView.of(m);
              m.status = MemoryStatus.SUPERSEDED;
              m.supersededBy = by.id;
              m.supersededAt = now;
              m.updatedAt = now;
              m.statusReason = why;
              return superseded(caller, before, m, by);
            })
        .collect()
        .asList()
        .map(List::size);
  }

  /** A memory seen again (touched); {@code before} is its view before the touch. */
  public Uni<MemoryView> touched(Caller caller, MemoryView before, Memory m) {
    return changed(caller, "memory.touch", before, m).call(() -> links.touched(caller, m));
  }

  /** {@code old}, changed to SUPERSEDED by {@code by}; {@code before} is its view before. */
  public Uni<MemoryView> superseded(Caller caller, MemoryView before, Memory old, Memory by) {
    return changed(caller, "memory.supersede", before, old)
        .call(() -> links.superseded(caller, old, by));
  }

  /** A changed memory; {@code before} is its view before the change. */
  public Uni<MemoryView> changed(Caller caller, String operation, MemoryView before, Memory m) {
    return Panache.flush()
        .chain(() -> outbox.upsert(m.tenant, AggregateType.MEMORY, m.id))
        .map(ignored -> MemoryView.of(m))
        .call(after -> audit.record(caller, operation, "memory", m.id + "", before, after));
  }
}
