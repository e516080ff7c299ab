package dev.engram.capture.learn;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.extract.Finding;
import dev.engram.capture.fact.Fact;
import dev.engram.capture.fact.FactLedger;
import dev.engram.capture.fact.FactStatus;
import dev.engram.capture.gate.PoisoningGate;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryJournal;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.capture.memory.MemoryView;
import dev.engram.capture.memory.Provenance;
import dev.engram.common.Sha256;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns findings into memories and facts inside the caller's transaction, one at a time and in
 * order: the poisoning gate (a hit is stored QUARANTINED), dedup (a repeat touches the existing
 * memory instead of inserting: same triple, same text, semantic match from recall-service, or
 * lexical Jaccard when recall-service could not answer), supersession (a new value of a functional
 * predicate, or a contradiction, supersedes the old memory and invalidates its fact; a correction
 * supersedes the memory it corrects). Never a silent overwrite, never a delete.
 */
@ApplicationScoped
public class FindingWriter {

  private final PoisoningGate gate;
  private final MemoryJournal journal;
  private final FactLedger facts;
  private final Candidates candidates;
  private final int maxChars;
  private final int maxProvenance;

  FindingWriter(
      PoisoningGate gate,
      MemoryJournal journal,
      FactLedger facts,
      Candidates candidates,
      CaptureConfig config) {
    this.gate = gate;
    this.journal = journal;
    this.facts = facts;
    this.candidates = candidates;
    this.maxChars = config.limits().maxMemoryChars();
    this.maxProvenance = config.limits().maxProvenanceIds();
  }

  /**
   * Writes findings; {@code semantic} holds, per finding index, the ids recall-service judged the
   * same (absent: it could not say).
   */
  public Uni<Tally> write(
      WriteScope scope, List<Finding> findings, Map<Integer, List<Long>> semantic) {
    Tally tally = new Tally();
    return Multi.createFrom()
        .range(0, findings.size())
        .onItem()
        .transformToUniAndConcatenate(
            i -> one(scope, findings.get(i), Optional.ofNullable(semantic.get(i)), tally))
        .collect()
        .last()
        .replaceWith(tally);
  }

  private Uni<Void> one(WriteScope scope, Finding f, Optional<List<Long>> semantic, Tally tally) {
    tally.extracted++;
    String text = f.text().length() > maxChars ? f.text().substring(0, maxChars) : f.text();
    Finding finding = f;
    String reason =
        f.quarantine() != null
            ? "source exchange quarantined: " + f.quarantine()
            : gate.check("memory", text).orElse(null);
    if (reason != null) {
      Memory m = newMemory(scope, finding, text, MemoryStatus.QUARANTINED, reason);
      return m.persist()
          .chain(() -> journal.created(scope.actor(), m))
          .chain(
              () ->
                  finding.fact() == null
                      ? Uni.createFrom().voidItem()
                      : insertFact(scope, m, finding, FactStatus.QUARANTINED).replaceWithVoid())
          .invoke(
              () -> {
                tally.quarantined++;
                tally.memoryIds.add(m.id);
              });
    }
    return finding.fact() != null
        ? withFact(scope, finding, text, tally)
        : withoutFact(scope, finding, text, semantic, tally);
  }

  private Uni<Void> withFact(WriteScope scope, Finding f, String text, Tally tally) {
    Memory probe = newMemory(scope, f, text, MemoryStatus.ACTIVE, null);
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
                    .transformToUniAndConcatenate(m -> touch(scope, m, f))
                    .collect()
                    .last()
                    .chain(() -> facts.touch(scope.actor(), same, f.confidence(), null))
                    .replaceWithVoid();
              }
              return probe
                  .persist()
                  .chain(() -> journal.created(scope.actor(), probe))
                  .chain(() -> facts.touch(scope.actor(), same, f.confidence(), probe.id))
                  .invoke(
                      () -> {
                        tally.inserted++;
                        tally.memoryIds.add(probe.id);
                      })
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
              return fresh
                  .persist()
                  .chain(() -> journal.created(scope.actor(), fresh))
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
                  .chain(
                      ignored ->
                          supersedeAll(
                              scope,
                              oldMemories,
                              fresh,
                              "superseded: "
                                  + f.fact().predicate()
                                  + " is now "
                                  + f.fact().object()))
                  .invoke(
                      count -> {
                        tally.inserted++;
                        tally.superseded += count;
                        tally.memoryIds.add(fresh.id);
                      })
                  .replaceWithVoid();
            });
  }

  private Uni<Void> withoutFact(
      WriteScope scope, Finding f, String text, Optional<List<Long>> semantic, Tally tally) {
    String sha = Sha256.hex(text);
    return candidates
        .sameText(scope, sha)
        .chain(
            exact -> {
              if (exact != null) {
                tally.touched++;
                return touch(scope, exact, f).replaceWithVoid();
              }
              Uni<Memory> match =
                  semantic.isPresent()
                      ? candidates
                          .active(scope.tenant(), semantic.get())
                          .map(l -> l.isEmpty() ? null : l.getFirst())
                      : candidates.lexicalMatch(scope, text);
              return match.chain(
                  repeat -> {
                    if (repeat != null) {
                      tally.touched++;
                      return touch(scope, repeat, f).replaceWithVoid();
                    }
                    Uni<Memory> corrected =
                        f.correction()
                            ? candidates.corrected(scope, text)
                            : Uni.createFrom().nullItem();
                    return corrected.chain(old -> insertPlain(scope, f, text, old, tally));
                  });
            });
  }

  private Uni<Void> insertPlain(WriteScope scope, Finding f, String text, Memory old, Tally tally) {
    Memory fresh = newMemory(scope, f, text, MemoryStatus.ACTIVE, null);
    if (old != null) {
      fresh.supersedes = old.id;
    }
    return fresh
        .persist()
        .chain(() -> journal.created(scope.actor(), fresh))
        .chain(
            () ->
                old == null
                    ? Uni.createFrom().item(0)
                    : supersedeAll(
                        scope, List.of(old), fresh, "superseded: corrected by a later statement"))
        .invoke(
            count -> {
              tally.inserted++;
              tally.superseded += count;
              tally.memoryIds.add(fresh.id);
            })
        .replaceWithVoid();
  }

  private Uni<Fact> insertFact(WriteScope scope, Memory m, Finding f, FactStatus status) {
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

  private Uni<Integer> supersedeAll(WriteScope scope, List<Memory> old, Memory by, String reason) {
    return journal.supersede(scope.actor(), old, by, reason);
  }

  /**
   * Seen again: last_seen now, confidence raised to at least the finding's, provenance extended.
   */
  private Uni<MemoryView> touch(WriteScope scope, Memory m, Finding f) {
    MemoryView before = MemoryView.of(m);
    Instant now = Instant.now();
    m.lastSeenAt = now;
    m.decayedAt = null;
    m.confidence = Math.max(m.confidence, f.confidence());
    m.updatedAt = now;
    Set<Long> ids = new LinkedHashSet<>();
    if (m.provenance != null && m.provenance.exchangeIds() != null) {
      ids.addAll(m.provenance.exchangeIds());
    }
    ids.addAll(f.exchangeIds());
    List<Long> capped = new ArrayList<>(ids);
    if (capped.size() > maxProvenance) {
      capped = capped.subList(capped.size() - maxProvenance, capped.size());
    }
    Provenance p = m.provenance;
    m.provenance =
        new Provenance(
            List.copyOf(capped),
            p == null ? f.extractor() : p.extractor(),
            p == null ? null : p.note(),
            p == null ? f.extractorVersion() : p.extractorVersion());
    return journal.changed(scope.actor(), "memory.touch", before, m);
  }

  private Memory newMemory(
      WriteScope scope, Finding f, String text, MemoryStatus status, String reason) {
    Instant now = Instant.now();
    Memory m = new Memory();
    m.tenant = scope.tenant();
    m.agent = scope.agent();
    m.chat = scope.chat();
    m.thread = scope.thread();
    m.session = scope.session();
    m.scope = scope.scope();
    m.category = f.category();
    m.text = text;
    m.contentSha256 = Sha256.hex(text);
    m.confidence = Math.max(0, Math.min(1, f.confidence()));
    m.source = scope.source();
    List<Long> ids =
        f.exchangeIds().size() > maxProvenance
            ? f.exchangeIds().subList(0, maxProvenance)
            : f.exchangeIds();
    m.provenance = new Provenance(List.copyOf(ids), f.extractor(), null, f.extractorVersion());
    m.metadata = f.metadata() == null || f.metadata().isEmpty() ? null : Map.copyOf(f.metadata());
    m.status = status;
    m.statusReason = reason;
    m.createdBy = scope.actor().keyId();
    m.createdAt = now;
    m.updatedAt = now;
    m.lastSeenAt = now;
    return m;
  }
}
