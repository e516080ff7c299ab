package dev.engram.capture.memory;

import dev.engram.capture.CaptureError;
import dev.engram.capture.audit.AuditLog;
import dev.engram.capture.gate.PoisoningGate;
import dev.engram.capture.limits.WriteLimits;
import dev.engram.capture.outbox.Outbox;
import dev.engram.capture.paging.Cursors;
import dev.engram.common.Sha256;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.CommonError;
import dev.engram.common.error.EngramException;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Writes and reads memories. Every write commits together with its audit row and an outbox event,
 * so the index learns of it even if recall-service is down right now. Every text written passes the
 * poisoning gate: a hit is stored QUARANTINED with the reason, never projected.
 */
@ApplicationScoped
public class MemoryService {

  private static final double DEFAULT_CONFIDENCE = 0.8;

  private final WriteLimits limits;
  private final Outbox outbox;
  private final AuditLog audit;
  private final MemoryJournal journal;
  private final PoisoningGate gate;
  private final MemoryRemoval removal;
  private final MemoryRepository memories;
  private final ProvenanceCheck provenances;

  MemoryService(
      WriteLimits limits,
      Outbox outbox,
      AuditLog audit,
      MemoryJournal journal,
      PoisoningGate gate,
      MemoryRemoval removal,
      MemoryRepository memories,
      ProvenanceCheck provenances) {
    this.memories = memories;
    this.provenances = provenances;
    this.limits = limits;
    this.outbox = outbox;
    this.audit = audit;
    this.journal = journal;
    this.gate = gate;
    this.removal = removal;
  }

  @WithTransaction
  Uni<MemoryView> create(Caller caller, MemoryRequests.Create req) {
    MemoryScope scope = MemoryScopes.resolve(req.scope(), req.agent(), req.chat());
    MemoryScopes.requireWriteAllowed(caller, scope);
    Instant now = Instant.now();
    limits.memoryText("text", req.text());
    limits.metadata("metadata", req.metadata());
    limits.provenance(
        "provenance", req.provenance() == null ? null : req.provenance().exchangeIds());
    limits.future("expires_at", req.expiresAt(), now);

    Memory.Place place =
        new Memory.Place(
            caller.tenant(),
            req.agent(),
            scope == MemoryScope.CHAT ? req.chat() : null,
            req.thread(),
            req.session(),
            scope,
            req.mode());
    Memory m =
        Memory.create(
            place,
            req.category() == null ? MemoryCategory.KNOWLEDGE : req.category(),
            req.text(),
            req.confidence() == null ? DEFAULT_CONFIDENCE : req.confidence(),
            req.source() == null ? "api" : req.source(),
            caller.keyId(),
            now);
    m.provenance = req.provenance();
    m.metadata = req.metadata();
    m.expiresAt = req.expiresAt();
    return screen(m, req.text(), req.metadata())
        .chain(() -> provenances.requireInTenant(caller, req.provenance()))
        .chain(() -> m.persist())
        .chain(() -> journal.created(caller, m));
  }

  @WithSession
  Uni<MemoryView> get(Caller caller, long id) {
    return find(caller, id).map(m -> MemoryView.of(m, caller));
  }

  @WithSession
  Uni<MemoryRequests.Page> list(Caller caller, MemoryFilter filter) {
    return memories
        .page(caller.tenant(), filter)
        .map(
            rows -> {
              List<MemoryView> items = rows.stream().map(m -> MemoryView.of(m, caller)).toList();
              String next =
                  filter.recent() ? null : Cursors.next(items, filter.limit(), MemoryView::id);
              return new MemoryRequests.Page(items, next);
            });
  }

  @WithTransaction
  Uni<MemoryView> update(Caller caller, long id, MemoryRequests.Update req) {
    if (req.empty()) {
      throw EngramException.invalid(
          "body",
          "not_empty",
          "give at least one of text, category, confidence, metadata, expires_at");
    }
    Instant now = Instant.now();
    limits.memoryText("text", req.text());
    limits.metadata("metadata", req.metadata());
    limits.future("expires_at", req.expiresAt(), now);
    if (req.text() != null && req.text().isBlank()) {
      throw EngramException.invalid("text", "NotBlank", "must not be blank");
    }
    return writable(caller, id)
        .chain(
            m -> {
              requireNotCanonical(m, "edited in place");
              expectVersion(m, req.expectedVersion());
              MemoryView before = MemoryView.of(m);
              if (req.text() != null) {
                setText(m, req.text(), now);
              }
              if (req.category() != null) {
                m.category = req.category();
              }
              if (req.confidence() != null) {
                m.confidence = req.confidence();
              }
              if (req.metadata() != null) {
                m.metadata = req.metadata();
              }
              if (req.expiresAt() != null) {
                m.expiresAt = req.expiresAt();
              }
              m.updatedAt = now;
              Uni<Void> screened =
                  req.text() != null || req.metadata() != null
                      ? screen(m, m.text, m.metadata)
                      : Uni.createFrom().voidItem();
              return screened.chain(() -> journal.changed(caller, "memory.update", before, m));
            });
  }

  /** Sets text, category, confidence and source of an ACTIVE or ARCHIVED memory; un-archives. */
  @WithTransaction
  Uni<MemoryView> revise(Caller caller, long id, MemoryRequests.Revise req) {
    limits.memoryText("text", req.text());
    return locked(caller, id)
        .chain(
            m -> {
              MemoryScopes.requireWriteAllowed(caller, m.scope);
              requireNotCanonical(m, "revised in place");
              MemoryView before = MemoryView.of(m);
              if (m.status == MemoryStatus.ARCHIVED) {
                m.status = MemoryStatus.ACTIVE;
                m.archivedAt = null;
              }
              requireActive(m);
              Instant now = Instant.now();
              setText(m, req.text(), now);
              m.category = req.category() == null ? m.category : req.category();
              m.confidence = req.confidence() == null ? m.confidence : req.confidence();
              m.source = req.source() == null ? m.source : req.source();
              m.lastSeenAt = now;
              return screen(m, req.text(), m.metadata)
                  .chain(() -> journal.changed(caller, "memory.revise", before, m));
            });
  }

  /** Marks a memory seen now, raising its confidence to {@code confidence_floor} if given. */
  @WithTransaction
  Uni<MemoryView> touch(Caller caller, long id, MemoryRequests.Touch req) {
    return locked(caller, id)
        .chain(
            m -> {
              MemoryScopes.requireWriteAllowed(caller, m.scope);
              if (m.status == MemoryStatus.QUARANTINED) {
                requireActive(m);
              }
              MemoryView before = MemoryView.of(m);
              m.lastSeenAt = Instant.now();
              if (req.confidenceFloor() != null) {
                m.confidence = Math.max(m.confidence, req.confidenceFloor());
              }
              return journal.touched(caller, before, m);
            });
  }

  @WithTransaction
  Uni<MemoryView> archive(Caller caller, long id) {
    return locked(caller, id)
        .chain(
            m -> {
              MemoryScopes.requireWriteAllowed(caller, m.scope);
              if (m.status == MemoryStatus.ARCHIVED) {
                return Uni.createFrom().item(MemoryView.of(m));
              }
              requireActive(m);
              MemoryView before = MemoryView.of(m);
              Instant now = Instant.now();
              m.status = MemoryStatus.ARCHIVED;
              m.archivedAt = now;
              m.updatedAt = now;
              return journal.changed(caller, "memory.archive", before, m);
            });
  }

  /**
   * Replaces an active memory by a new one; the old one stays, SUPERSEDED, linked both ways. A
   * quarantined successor supersedes nothing until an admin releases it.
   */
  @WithTransaction
  Uni<MemoryView> supersede(Caller caller, long id, MemoryRequests.Supersede req) {
    Instant now = Instant.now();
    limits.memoryText("text", req.text());
    limits.metadata("metadata", req.metadata());
    limits.provenance(
        "provenance", req.provenance() == null ? null : req.provenance().exchangeIds());
    limits.future("expires_at", req.expiresAt(), now);
    return provenances
        .requireInTenant(caller, req.provenance())
        .chain(() -> writable(caller, id))
        .chain(
            old -> {
              if (old.canonical && !caller.has(Roles.ADMIN)) {
                // Its successor is canonical too: replacing it is a promotion, so a human decides.
                throw new EngramException(
                    CommonError.FORBIDDEN,
                    "Memory "
                        + old.id
                        + " is canonical (promoted): only an admin key supersedes it");
              }
              MemoryView before = MemoryView.of(old);
              Memory next = successor(caller, old, req, now);
              return screen(next, req.text(), next.metadata)
                  .chain(() -> next.persist())
                  .chain(() -> journal.created(caller, next))
                  .chain(
                      created -> {
                        if (next.status == MemoryStatus.QUARANTINED) {
                          return Uni.createFrom().item(created);
                        }
                        old.status = MemoryStatus.SUPERSEDED;
                        old.supersededBy = next.id;
                        old.supersededAt = now;
                        old.updatedAt = now;
                        old.statusReason = req.reason();
                        return journal.superseded(caller, before, old, next).replaceWith(created);
                      });
            });
  }

  @WithTransaction
  Uni<Void> delete(Caller caller, long id) {
    return locked(caller, id)
        .chain(
            m -> {
              MemoryScopes.requireWriteAllowed(caller, m.scope);
              requireNotCanonical(m, "deleted");
              return removal.delete(caller, m);
            });
  }

  private static Memory successor(
      Caller caller, Memory old, MemoryRequests.Supersede req, Instant now) {
    Memory next =
        Memory.create(
            Memory.Place.of(old),
            req.category() == null ? old.category : req.category(),
            req.text(),
            req.confidence() == null ? old.confidence : req.confidence(),
            req.source() == null ? old.source : req.source(),
            caller.keyId(),
            now);
    // A human approved the old version: the new one takes its place in the identity layer, and
    // the old one stays, SUPERSEDED, as the record of what was approved.
    next.canonical = old.canonical;
    next.provenance = req.provenance();
    next.metadata = req.metadata() == null ? old.metadata : req.metadata();
    next.expiresAt = req.expiresAt();
    next.supersedes = old.id;
    return next;
  }

  /** Runs the gate over a memory's text and metadata off the event loop; a hit quarantines it. */
  private Uni<Void> screen(Memory m, String text, Map<String, String> metadata) {
    return gate.screen("memory", text, metadata)
        .invoke(reason -> reason.ifPresent(m::quarantine))
        .replaceWithVoid();
  }

  private static void setText(Memory m, String text, Instant now) {
    m.text = text;
    m.contentSha256 = Sha256.hex(text);
    m.updatedAt = now;
  }

  private Uni<Memory> writable(Caller caller, long id) {
    return locked(caller, id)
        .invoke(
            m -> {
              MemoryScopes.requireWriteAllowed(caller, m.scope);
              requireActive(m);
            });
  }

  private Uni<Memory> find(Caller caller, long id) {
    return found(memories.inTenant(caller.tenant(), id), id);
  }

  /**
   * The memory for a write, locked until the transaction ends: racing writers of one memory take
   * turns, and a DELETE after another one (or while it commits) answers 404 as it would a moment
   * later.
   */
  private Uni<Memory> locked(Caller caller, long id) {
    return found(memories.lockedInTenant(caller.tenant(), id), id);
  }

  private static Uni<Memory> found(Uni<Memory> row, long id) {
    return row.onItem()
        .ifNull()
        .failWith(
            () -> new EngramException(CaptureError.MEMORY_NOT_FOUND, "No memory with id " + id));
  }

  private static void requireActive(Memory m) {
    if (m.status != MemoryStatus.ACTIVE) {
      throw new EngramException(
          CaptureError.MEMORY_NOT_ACTIVE,
          "Memory " + m.id + " is " + m.status + "; only ACTIVE memories can change",
          List.of(),
          Map.of("memory_status", m.status.name()));
    }
  }

  /**
   * A canonical memory (a human approved it) is superseded, never changed in place or deleted: the
   * approved version stays in the record, SUPERSEDED, and its successor is canonical too.
   */
  private static void requireNotCanonical(Memory m, String what) {
    if (m.canonical) {
      throw new EngramException(
          CaptureError.CANONICAL_MEMORY,
          "Memory "
              + m.id
              + " is canonical (promoted) and cannot be "
              + what
              + "; supersede it (POST /v1/memories/"
              + m.id
              + "/supersede: the new version is canonical too) or archive it",
          List.of(),
          Map.of(
              "memory_status",
              m.status.name(),
              "supersede",
              "/v1/memories/" + m.id + "/supersede"));
    }
  }

  private static void expectVersion(Memory m, Long expected) {
    if (expected != null && expected != m.version) {
      throw new EngramException(
          CaptureError.VERSION_CONFLICT,
          "Memory " + m.id + " is at version " + m.version + ", not " + expected,
          List.of(),
          Map.of("current_version", m.version));
    }
  }
}
