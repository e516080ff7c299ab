package dev.engram.capture.quarantine;

import dev.engram.capture.CaptureError;
import dev.engram.capture.audit.AuditLog;
import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.exchange.ExchangeStatus;
import dev.engram.capture.exchange.ExchangeView;
import dev.engram.capture.fact.Fact;
import dev.engram.capture.fact.FactLedger;
import dev.engram.capture.fact.FactStatus;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryJournal;
import dev.engram.capture.memory.MemoryRemoval;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.capture.memory.MemoryView;
import dev.engram.capture.outbox.Outbox;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.capture.slot.Slot;
import dev.engram.capture.slot.SlotStatus;
import dev.engram.capture.slot.SlotView;
import dev.engram.common.auth.Caller;
import dev.engram.common.error.EngramException;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Admin review of what the poisoning gate held back. Release re-runs the item as a normal write: it
 * becomes ACTIVE, goes through the outbox to the index and the graph, and its facts are applied (a
 * released value of a functional predicate supersedes the current one). Delete removes it.
 */
@ApplicationScoped
class QuarantineService {

  /** What can be quarantined. */
  enum Type {
    MEMORY,
    EXCHANGE,
    SLOT
  }

  private final MemoryJournal journal;
  private final FactLedger facts;
  private final Outbox outbox;
  private final AuditLog audit;
  private final MemoryRemoval removal;

  QuarantineService(
      MemoryJournal journal,
      FactLedger facts,
      Outbox outbox,
      AuditLog audit,
      MemoryRemoval removal) {
    this.journal = journal;
    this.facts = facts;
    this.outbox = outbox;
    this.audit = audit;
    this.removal = removal;
  }

  @WithSession
  Uni<List<QuarantinedItem>> list(Caller caller, Type type, Long before, int limit) {
    List<Type> types = type == null ? List.of(Type.values()) : List.of(type);
    List<QuarantinedItem> all = new ArrayList<>();
    Uni<Void> chain = Uni.createFrom().voidItem();
    for (Type t : types) {
      chain =
          chain.chain(() -> page(caller, t, before, limit).invoke(all::addAll)).replaceWithVoid();
    }
    return chain.replaceWith(all);
  }

  private Uni<List<QuarantinedItem>> page(Caller caller, Type type, Long before, int limit) {
    String where = "tenant = ?1 and status = ?2" + (before == null ? "" : " and id < ?3");
    return switch (type) {
      case MEMORY ->
          Memory.<Memory>find(
                  where, Sort.descending("id"), params(caller, MemoryStatus.QUARANTINED, before))
              .page(0, limit)
              .list()
              .map(
                  rows ->
                      rows.stream()
                          .map(
                              m ->
                                  new QuarantinedItem(
                                      "memory",
                                      m.id,
                                      m.agent,
                                      m.chat,
                                      m.text,
                                      m.statusReason,
                                      m.source,
                                      m.createdAt))
                          .toList());
      case EXCHANGE ->
          Exchange.<Exchange>find(
                  where, Sort.descending("id"), params(caller, ExchangeStatus.QUARANTINED, before))
              .page(0, limit)
              .list()
              .map(
                  rows ->
                      rows.stream()
                          .map(
                              e ->
                                  new QuarantinedItem(
                                      "exchange",
                                      e.id,
                                      e.agent,
                                      e.chat,
                                      e.text,
                                      e.statusReason,
                                      e.speaker,
                                      e.recordedAt))
                          .toList());
      case SLOT ->
          Slot.<Slot>find(
                  where, Sort.descending("id"), params(caller, SlotStatus.QUARANTINED, before))
              .page(0, limit)
              .list()
              .map(
                  rows ->
                      rows.stream()
                          .map(
                              s ->
                                  new QuarantinedItem(
                                      "slot",
                                      s.id,
                                      s.agent,
                                      null,
                                      s.content,
                                      s.statusReason,
                                      s.ownerType + "/" + s.ownerId + "/" + s.name,
                                      s.updatedAt))
                          .toList());
    };
  }

  private static Object[] params(Caller caller, Object status, Long before) {
    return before == null
        ? new Object[] {caller.tenant(), status}
        : new Object[] {caller.tenant(), status, before};
  }

  @WithTransaction
  Uni<Object> release(Caller caller, Type type, long id) {
    return switch (type) {
      case MEMORY -> memory(caller, id).chain(m -> releaseMemory(caller, m)).map(v -> (Object) v);
      case EXCHANGE ->
          exchange(caller, id).chain(e -> releaseExchange(caller, e)).map(v -> (Object) v);
      case SLOT -> slot(caller, id).chain(s -> releaseSlot(caller, s)).map(v -> (Object) v);
    };
  }

  @WithTransaction
  Uni<Void> delete(Caller caller, Type type, long id) {
    return switch (type) {
      case MEMORY -> memory(caller, id).chain(m -> removal.delete(caller, m));
      case EXCHANGE ->
          exchange(caller, id)
              .chain(
                  e -> {
                    ExchangeView before = ExchangeView.of(e);
                    return e.delete()
                        .chain(
                            () ->
                                audit.record(
                                    caller, "exchange.delete", "exchange", id + "", before, null));
                  });
      case SLOT ->
          slot(caller, id)
              .chain(
                  s -> {
                    SlotView before = SlotView.of(s);
                    return s.delete()
                        .chain(
                            () ->
                                audit.record(caller, "slot.delete", "slot", id + "", before, null));
                  });
    };
  }

  private Uni<MemoryView> releaseMemory(Caller caller, Memory m) {
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
        .chain(() -> Memory.<Memory>findById(m.id))
        .map(MemoryView::of);
  }

  /** The memories behind the facts the released one invalidated are superseded by it. */
  private Uni<Integer> supersedeSources(Caller caller, Memory m, List<List<Fact>> invalidated) {
    List<Long> ids = new ArrayList<>();
    invalidated.forEach(list -> list.forEach(f -> ids.addAll(f.sources())));
    if (ids.isEmpty()) {
      return Uni.createFrom().item(0);
    }
    return Memory.<Memory>list(
            "tenant = ?1 and status = ?2 and id in ?3", m.tenant, MemoryStatus.ACTIVE, ids)
        .chain(
            old -> journal.supersede(caller, old, m, "superseded: a released memory replaced it"));
  }

  /** A successor written through the supersede API while quarantined now replaces its original. */
  private Uni<Integer> completeSupersede(Caller caller, Memory m) {
    if (m.supersedes == null) {
      return Uni.createFrom().item(0);
    }
    return Memory.<Memory>list(
            "id = ?1 and tenant = ?2 and status = ?3", m.supersedes, m.tenant, MemoryStatus.ACTIVE)
        .chain(old -> journal.supersede(caller, old, m, "superseded: its released successor"));
  }

  private Uni<ExchangeView> releaseExchange(Caller caller, Exchange e) {
    ExchangeView before = ExchangeView.of(e);
    e.status = ExchangeStatus.ACTIVE;
    e.statusReason = null;
    return io.quarkus.hibernate.reactive.panache.Panache.flush()
        .chain(() -> outbox.upsert(e.tenant, AggregateType.EXCHANGE, e.id))
        .map(ignored -> ExchangeView.of(e))
        .call(
            after ->
                audit.record(caller, "exchange.release", "exchange", e.id + "", before, after));
  }

  private Uni<SlotView> releaseSlot(Caller caller, Slot s) {
    SlotView before = SlotView.of(s);
    s.status = SlotStatus.ACTIVE;
    s.statusReason = null;
    s.updatedAt = Instant.now();
    s.updatedBy = caller.keyId();
    return io.quarkus.hibernate.reactive.panache.Panache.flush()
        .map(ignored -> SlotView.of(s))
        .call(after -> audit.record(caller, "slot.release", "slot", s.id + "", before, after));
  }

  private static Uni<Memory> memory(Caller caller, long id) {
    return Memory.<Memory>find(
            "id = ?1 and tenant = ?2 and status = ?3",
            id,
            caller.tenant(),
            MemoryStatus.QUARANTINED)
        .firstResult()
        .onItem()
        .ifNull()
        .failWith(() -> notFound("memory", id));
  }

  private static Uni<Exchange> exchange(Caller caller, long id) {
    return Exchange.<Exchange>find(
            "id = ?1 and tenant = ?2 and status = ?3",
            id,
            caller.tenant(),
            ExchangeStatus.QUARANTINED)
        .firstResult()
        .onItem()
        .ifNull()
        .failWith(() -> notFound("exchange", id));
  }

  private static Uni<Slot> slot(Caller caller, long id) {
    return Slot.<Slot>find(
            "id = ?1 and tenant = ?2 and status = ?3", id, caller.tenant(), SlotStatus.QUARANTINED)
        .firstResult()
        .onItem()
        .ifNull()
        .failWith(() -> notFound("slot", id));
  }

  private static EngramException notFound(String type, long id) {
    return new EngramException(
        CaptureError.QUARANTINED_NOT_FOUND, "No quarantined " + type + " with id " + id);
  }
}
