package dev.engram.capture.learn;

import dev.engram.capture.extract.Finding;
import dev.engram.capture.fact.Fact;
import dev.engram.capture.fact.FactLedger;
import dev.engram.capture.fact.FactStatus;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryStatus;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A finding with a triple. Dedup: the same triple already current touches its memories.
 * Supersession: a new value of a functional predicate, or the opposite predicate with the same
 * object, ends the current facts and supersedes their memories.
 */
@ApplicationScoped
class FactFindings {

  private final FindingMemories memories;
  private final FactLedger facts;
  private final Candidates candidates;

  FactFindings(FindingMemories memories, FactLedger facts, Candidates candidates) {
    this.memories = memories;
    this.facts = facts;
    this.candidates = candidates;
  }

  Uni<Void> write(WriteScope scope, Finding f, String text, Tally tally) {
    Memory probe = memories.draft(scope, f, text, MemoryStatus.ACTIVE, null);
    Finding.Triple t = f.fact();
    String objectKey = FactLedger.key(t.object());
    return facts
        .current(probe, t.subject(), t.predicate())
        .chain(
            current -> {
              Optional<Fact> same =
                  current.stream().filter(c -> c.objectKey.equals(objectKey)).findFirst();
              if (same.isPresent()) {
                return repeatOf(scope, f, probe, same.get(), tally);
              }
              boolean functional = facts.predicates().functional(t.predicate());
              List<Fact> replaced = new ArrayList<>(functional ? current : List.of());
              String opposite = facts.predicates().opposite(t.predicate());
              Uni<List<Fact>> contradicted =
                  opposite == null
                      ? Uni.createFrom().item(List.of())
                      : facts
                          .current(probe, t.subject(), opposite)
                          .map(
                              list ->
                                  list.stream()
                                      .filter(c -> c.objectKey.equals(objectKey))
                                      .toList());
              return contradicted.chain(
                  contra -> {
                    replaced.addAll(contra);
                    return supersedingInsert(scope, f, probe, replaced, tally);
                  });
            });
  }

  /** The finding's fact, sourced from {@code m}, with the given status. */
  Uni<Fact> insertFact(WriteScope scope, Memory m, Finding f, FactStatus status) {
    Finding.Triple t = f.fact();
    return facts.insert(
        scope.actor(),
        m,
        t.subject(),
        t.predicate(),
        t.object(),
        f.validFrom(),
        f.confidence(),
        status);
  }

  /** The triple is already current: touch its memories (or give it a new one if none is left). */
  private Uni<Void> repeatOf(WriteScope scope, Finding f, Memory probe, Fact same, Tally tally) {
    return candidates
        .active(scope.tenant(), same.sources())
        .chain(
            active -> {
              if (!active.isEmpty()) {
                tally.touched++;
                return Multi.createFrom()
                    .iterable(active)
                    .onItem()
                    .transformToUniAndConcatenate(m -> memories.touch(scope, m, f))
                    .collect()
                    .last()
                    .chain(() -> facts.touch(scope.actor(), same, f.confidence(), null))
                    .replaceWithVoid();
              }
              return memories
                  .insert(scope, probe)
                  .chain(() -> facts.touch(scope.actor(), same, f.confidence(), probe.id))
                  .invoke(() -> tally.countInserted(probe.id, 0))
                  .replaceWithVoid();
            });
  }

  /** Inserts the memory and its fact; the replaced facts end and their memories are superseded. */
  private Uni<Void> supersedingInsert(
      WriteScope scope, Finding f, Memory fresh, List<Fact> replaced, Tally tally) {
    Set<Long> oldIds = new LinkedHashSet<>();
    replaced.forEach(r -> oldIds.addAll(r.sources()));
    return candidates
        .active(scope.tenant(), new ArrayList<>(oldIds))
        .chain(
            oldMemories -> {
              if (!oldMemories.isEmpty()) {
                fresh.supersedes = oldMemories.getFirst().id;
              }
              String reason =
                  "superseded: " + f.fact().predicate() + " is now " + f.fact().object();
              return memories
                  .insert(scope, fresh)
                  .chain(() -> insertFact(scope, fresh, f, FactStatus.ACTIVE))
                  .chain(
                      fact ->
                          Multi.createFrom()
                              .iterable(replaced)
                              .onItem()
                              .transformToUniAndConcatenate(
                                  old -> facts.invalidate(scope.actor(), old, fact))
                              .collect()
                              .asList())
                  .chain(ignored -> memories.supersede(scope, oldMemories, fresh, reason))
                  .invoke(count -> tally.countInserted(fresh.id, count))
                  .replaceWithVoid();
            });
  }
}
