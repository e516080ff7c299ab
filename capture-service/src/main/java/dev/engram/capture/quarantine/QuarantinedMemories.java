package dev.engram.capture.quarantine;

import dev.engram.capture.fact.Fact;
import dev.engram.capture.fact.FactLedger;
import dev.engram.capture.fact.FactStatus;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryJournal;
import dev.engram.capture.memory.MemoryRemoval;
import dev.engram.capture.memory.MemoryRepository;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.capture.memory.MemoryView;
import dev.engram.common.auth.Caller;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Quarantined memories. Release makes one ACTIVE and applies what was held back with it: its
 * quarantined facts (a released value of a functional predicate supersedes the current one, and the
 * memories behind it), and a supersede written while it was quarantined. Delete removes it with
 * everything derived from it.
 */
@Singleton
final class QuarantinedMemories implements Quarantinable {

  private final MemoryJournal journal;
  private final FactLedger facts;
  private final MemoryRemoval removal;
  private final MemoryRepository memories;

  QuarantinedMemories(
      MemoryJournal journal, FactLedger facts, MemoryRemoval removal, MemoryRepository memories) {
    this.memories = memories;
    this.journal = journal;
    this.facts = facts;
    this.removal = removal;
  }

  @Override
  public QuarantineService.Type type() {
    return QuarantineService.Type.MEMORY;
  }

  @Override
  public Uni<List<QuarantinedItem>> page(Caller caller, Long before, int limit) {
    return Quarantinable.newest(
        memories,
        caller,
        MemoryStatus.QUARANTINED,
        before,
        limit,
        m ->
            new QuarantinedItem(
                "memory", m.id, m.agent, m.chat, m.text, m.statusReason, m.source, m.createdAt));
  }

  @Override
  public Uni<Released> release(Caller caller, long id) {
    return memory(caller, id).chain(m -> release(caller, m)).map(Released.Memory::new);
  }

  @Override
  public Uni<Void> delete(Caller caller, long id) {
    return memory(caller, id).chain(m -> removal.delete(caller, m));
  }

  private Uni<MemoryView> release(Caller caller, Memory m) {
    MemoryView before = MemoryView.of(m);
    m.status = MemoryStatus.ACTIVE;
    m.statusReason = null;
    m.updatedAt = Instant.now();
    m.lastSeenAt = m.updatedAt;
    return journal
        .changed(caller, "memory.release", before, m)
        .chain(() -> facts.sourcedFrom(m.tenant, m.id))
        .chain(
            sourced ->
                Multi.createFrom()
                    .iterable(
                        sourced.stream().filter(f -> f.status == FactStatus.QUARANTINED).toList())
                    .onItem()
                    .transformToUniAndConcatenate(f -> facts.release(caller, f))
                    .collect()
                    .asList())
        .chain(invalidated -> supersedeSources(caller, m, invalidated))
        .chain(() -> completeSupersede(caller, m))
        .chain(() -> memories.findById(m.id))
        .map(MemoryView::of);
  }

  /** The memories behind the facts the released one invalidated are superseded by it. */
  private Uni<Integer> supersedeSources(Caller caller, Memory m, List<List<Fact>> invalidated) {
    List<Long> ids = new ArrayList<>();
    invalidated.forEach(list -> list.forEach(f -> ids.addAll(f.sources())));
    if (ids.isEmpty()) {
      return Uni.createFrom().item(0);
    }
    return memories
        .activeAmong(m.tenant, ids)
        .chain(
            old -> journal.supersede(caller, old, m, "superseded: a released memory replaced it"));
  }

  /** A successor written through the supersede API while quarantined now replaces its original. */
  private Uni<Integer> completeSupersede(Caller caller, Memory m) {
    if (m.supersedes == null) {
      return Uni.createFrom().item(0);
    }
    return memories
        .inTenant(m.tenant, m.supersedes, MemoryStatus.ACTIVE)
        .map(old -> old == null ? List.<Memory>of() : List.of(old))
        .chain(old -> journal.supersede(caller, old, m, "superseded: its released successor"));
  }

  private Uni<Memory> memory(Caller caller, long id) {
    return Quarantinable.held(memories, caller, "memory", id, MemoryStatus.QUARANTINED);
  }
}
