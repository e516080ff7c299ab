package dev.engram.capture.learn;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.extract.Finding;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryJournal;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.capture.memory.MemoryView;
import dev.engram.capture.memory.Provenance;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A finding as a memory: a new one (provenance capped), inserted and journaled, and an existing one
 * seen again (last seen now, confidence floor, provenance extended).
 */
@ApplicationScoped
class FindingMemories {

  private final MemoryJournal journal;
  private final int maxProvenance;

  FindingMemories(MemoryJournal journal, CaptureConfig config) {
    this.journal = journal;
    this.maxProvenance = config.limits().maxProvenanceIds();
  }

  /** Persists a new memory and journals its creation (audit + outbox). */
  Uni<MemoryView> insert(WriteScope scope, Memory m) {
    return m.persist().chain(() -> journal.created(scope.actor(), m));
  }

  /** Supersedes {@code old} by {@code by}; how many were superseded. */
  Uni<Integer> supersede(WriteScope scope, List<Memory> old, Memory by, String reason) {
    return journal.supersede(scope.actor(), old, by, reason);
  }

  /**
   * Seen again: last_seen now, confidence raised to at least the finding's, provenance extended.
   */
  Uni<MemoryView> touch(WriteScope scope, Memory m, Finding f) {
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
    return journal.touched(scope.actor(), before, m);
  }

  /** A new, unsaved memory for the finding. */
  Memory draft(WriteScope scope, Finding f, String text, MemoryStatus status, String reason) {
    Instant now = Instant.now();
    Memory m =
        Memory.create(
            scope.place(),
            f.category(),
            text,
            Math.max(0, Math.min(1, f.confidence())),
            scope.source(),
            scope.actor().keyId(),
            now);
    List<Long> ids =
        f.exchangeIds().size() > maxProvenance
            ? f.exchangeIds().subList(0, maxProvenance)
            : f.exchangeIds();
    m.provenance = new Provenance(List.copyOf(ids), f.extractor(), null, f.extractorVersion());
    m.metadata = f.metadata() == null || f.metadata().isEmpty() ? null : Map.copyOf(f.metadata());
    m.status = status;
    m.statusReason = reason;
    return m;
  }
}
