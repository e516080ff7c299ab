package dev.engram.capture.fact;

import dev.engram.capture.audit.AuditLog;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryScope;
import dev.engram.capture.outbox.Outbox;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.common.auth.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes facts inside the caller's transaction, audited and projected to the graph. The rule for
 * functional predicates is the one graph-service applies: a newer value invalidates the older
 * (valid_to = the newer's valid_from, invalidated_at = the newer's recorded_at), never a delete.
 */
@ApplicationScoped
public class FactLedger {

  private final Outbox outbox;
  private final AuditLog audit;
  private final FunctionalPredicates predicates;
  private final FactRepository facts;

  FactLedger(Outbox outbox, AuditLog audit, FunctionalPredicates predicates, FactRepository facts) {
    this.facts = facts;
    this.outbox = outbox;
    this.audit = audit;
    this.predicates = predicates;
  }

  public FunctionalPredicates predicates() {
    return predicates;
  }

  public static String key(String value) {
    return value.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
  }

  /** The current ACTIVE facts with this subject and predicate in the memory's scope. */
  public Uni<List<Fact>> current(Memory scope, String subject, String predicate) {
    return facts.current(
        scope.tenant, scope.scope, scope.agent, scope.chat, key(subject), predicate);
  }

  /** Facts (any status) sourced from a memory. */
  public Uni<List<Fact>> sourcedFrom(String tenant, long memoryId) {
    return facts.sourcedFrom(tenant, memoryId);
  }

  /** A new fact sourced from {@code source}, ACTIVE or QUARANTINED like it. */
  public Uni<Fact> insert(
      Caller caller,
      Memory source,
      String subject,
      String predicate,
      String object,
      Instant validFrom,
      double confidence,
      FactStatus status) {
    Fact f = new Fact();
    f.tenant = source.tenant;
    f.agent = source.agent;
    f.chat = source.chat;
    f.scope = source.scope;
    f.sourceMemoryIds = new Long[] {source.id};
    return persist(caller, f, subject, predicate, object, validFrom, confidence, status);
  }

  /**
   * A fact stated directly by a client ({@code POST /v1/facts}): no source memory, ACTIVE, and the
   * functional rule applied at once as for the Reflector's facts.
   */
  public Uni<Fact> state(
      Caller caller,
      MemoryScope scope,
      String agent,
      String chat,
      String subject,
      String predicate,
      String object,
      Instant validFrom,
      double confidence) {
    Fact f = new Fact();
    f.tenant = caller.tenant();
    f.agent = agent;
    f.chat = chat;
    f.scope = scope;
    f.sourceMemoryIds = new Long[0];
    return persist(caller, f, subject, predicate, object, validFrom, confidence, FactStatus.ACTIVE)
        .call(fresh -> supersedeOlder(caller, fresh));
  }

  /** Ends a fact without a successor: it held until {@code validTo} and is no longer believed. */
  public Uni<Fact> end(Caller caller, Fact fact, Instant validTo) {
    FactView before = FactView.of(fact);
    fact.validTo = validTo;
    // PostgreSQL keeps microseconds: the answer then equals what a later read shows.
    fact.invalidatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
    fact.updatedAt = fact.invalidatedAt;
    return changed(caller, "fact.invalidate", before, fact);
  }

  private Uni<Fact> persist(
      Caller caller,
      Fact f,
      String subject,
      String predicate,
      String object,
      Instant validFrom,
      double confidence,
      FactStatus status) {
    Instant now = Instant.now();
    f.subject = subject.strip();
    f.subjectKey = key(subject);
    f.predicate = predicate;
    f.objectValue = object.strip();
    f.objectKey = key(object);
    f.validFrom = validFrom;
    f.recordedAt = now;
    f.confidence = confidence;
    f.status = status;
    f.createdBy = caller.keyId();
    f.updatedAt = now;
    return f.persist()
        .chain(Panache::flush)
        .chain(
            () ->
                status == FactStatus.QUARANTINED
                    ? Uni.createFrom().voidItem()
                    : outbox.upsert(f.tenant, AggregateType.FACT, f.id))
        .chain(() -> audit.record(caller, "fact.create", "fact", f.id + "", null, FactView.of(f)))
        .replaceWith(f);
  }

  /**
   * Ends {@code old}: the newer fact's valid_from is its valid_to and the newer's recorded_at its
   * invalidated_at.
   */
  public Uni<Fact> invalidate(Caller caller, Fact old, Fact newer) {
    FactView before = FactView.of(old);
    old.validTo = newer.validFrom.isBefore(old.validFrom) ? old.validFrom : newer.validFrom;
    old.invalidatedAt = newer.recordedAt;
    old.status = FactStatus.SUPERSEDED;
    old.supersededBy = newer.id;
    old.updatedAt = Instant.now();
    return changed(caller, "fact.invalidate", before, old);
  }

  /** Raises a fact's confidence to at least {@code confidence} and adds a source memory. */
  public Uni<Fact> touch(Caller caller, Fact fact, double confidence, Long memoryId) {
    boolean newSource = memoryId != null && !fact.sources().contains(memoryId);
    if (confidence <= fact.confidence && !newSource) {
      return Uni.createFrom().item(fact);
    }
    FactView before = FactView.of(fact);
    fact.confidence = Math.max(fact.confidence, confidence);
    if (newSource) {
      List<Long> ids = new ArrayList<>(fact.sources());
      ids.add(memoryId);
      fact.sourceMemoryIds = ids.toArray(Long[]::new);
    }
    fact.updatedAt = Instant.now();
    return changed(caller, "fact.touch", before, fact);
  }

  /** Makes a quarantined fact ACTIVE (its memory was released), applying supersession now. */
  public Uni<List<Fact>> release(Caller caller, Fact fact) {
    FactView before = FactView.of(fact);
    fact.status = FactStatus.ACTIVE;
    fact.recordedAt = Instant.now();
    fact.updatedAt = fact.recordedAt;
    return changed(caller, "fact.release", before, fact)
        .chain(released -> supersedeOlder(caller, released));
  }

  /**
   * Applies the functional rule around a fact just made ACTIVE: current facts of the same subject
   * and predicate with another object are invalidated by it. Returns the invalidated facts.
   */
  public Uni<List<Fact>> supersedeOlder(Caller caller, Fact fresh) {
    if (!predicates.functional(fresh.predicate)) {
      return Uni.createFrom().item(List.of());
    }
    return facts
        .contradictedBy(fresh)
        .chain(
            older ->
                Multi.createFrom()
                    .iterable(older)
                    .onItem()
                    .transformToUniAndConcatenate(old -> invalidate(caller, old, fresh))
                    .collect()
                    .asList());
  }

  /** Deletes a fact (its only source memory is gone). */
  public Uni<Void> delete(Caller caller, Fact fact) {
    FactView before = FactView.of(fact);
    return fact.delete()
        .chain(() -> outbox.delete(fact.tenant, AggregateType.FACT, fact.id, fact.version))
        .chain(() -> audit.record(caller, "fact.delete", "fact", fact.id + "", before, null));
  }

  /** Drops a deleted memory from a fact's sources (the fact keeps its other sources). */
  public Uni<Fact> dropSource(Caller caller, Fact fact, long memoryId) {
    FactView before = FactView.of(fact);
    List<Long> ids = new ArrayList<>(fact.sources());
    ids.remove(Long.valueOf(memoryId));
    fact.sourceMemoryIds = ids.toArray(Long[]::new);
    fact.updatedAt = Instant.now();
    return changed(caller, "fact.update", before, fact);
  }

  private Uni<Fact> changed(Caller caller, String operation, FactView before, Fact f) {
    return Panache.flush()
        .chain(
            () ->
                f.status == FactStatus.QUARANTINED
                    ? Uni.createFrom().voidItem()
                    : outbox.upsert(f.tenant, AggregateType.FACT, f.id))
        .chain(() -> audit.record(caller, operation, "fact", f.id + "", before, FactView.of(f)))
        .replaceWith(f);
  }
}
