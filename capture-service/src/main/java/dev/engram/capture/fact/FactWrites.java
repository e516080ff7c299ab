package dev.engram.capture.fact;

import dev.engram.capture.CaptureError;
import dev.engram.capture.memory.MemoryScope;
import dev.engram.capture.memory.MemoryScopes;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.CommonError;
import dev.engram.common.error.EngramException;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/** Facts stated and ended by clients, recorded through the {@link FactLedger}. */
@ApplicationScoped
class FactWrites {

  private final FactLedger ledger;
  private final FactRepository facts;

  FactWrites(FactLedger ledger, FactRepository facts) {
    this.ledger = ledger;
    this.facts = facts;
  }

  @WithTransaction
  Uni<FactView> add(Caller caller, FactRequests.Add body) {
    MemoryScope scope = MemoryScopes.resolve(body.scope(), body.agent(), body.chat());
    MemoryScopes.requireWriteAllowed(caller, scope);
    Instant validFrom = body.validFrom() != null ? body.validFrom() : Instant.now();
    double confidence = body.confidence() != null ? body.confidence() : 1.0;
    return ledger
        .state(
            caller,
            scope,
            body.agent(),
            body.chat(),
            body.subject(),
            body.predicate(),
            body.object(),
            validFrom,
            confidence)
        .map(FactView::of);
  }

  /**
   * Ends a fact of the caller's tenant; one already invalidated is returned unchanged. A canonical
   * fact (a human approved it) is ended only with an admin key, as a canonical memory is superseded
   * only by one: an agent's key must not undo the gate.
   */
  @WithTransaction
  Uni<FactView> invalidate(Caller caller, long id, FactRequests.Invalidate body) {
    if (body.chat() != null && body.agent() == null) {
      throw EngramException.invalid("agent", "required", "give the agent whose chat this is");
    }
    Instant validTo = body.validTo();
    // Locked: two invalidations (or one and the deletion of its source) take turns.
    return facts
        .lockedInTenant(caller.tenant(), id)
        .onItem()
        .ifNull()
        .failWith(() -> new EngramException(CaptureError.FACT_NOT_FOUND, "No fact with id " + id))
        .invoke(fact -> requireOwner(fact, body))
        .chain(
            fact -> {
              MemoryScopes.requireWriteAllowed(caller, fact.scope);
              if (fact.invalidatedAt != null) {
                return Uni.createFrom().item(fact);
              }
              if (fact.canonical && !caller.has(Roles.ADMIN)) {
                throw new EngramException(
                    CommonError.FORBIDDEN,
                    "Fact " + id + " is canonical (promoted): only an admin key ends it");
              }
              Instant end = validTo != null ? validTo : Instant.now();
              if (end.isBefore(fact.validFrom)) {
                throw EngramException.invalid(
                    "valid_to", "range", "must not be before the fact's valid_from");
              }
              return ledger.end(caller, fact, end);
            })
        .map(FactView::of);
  }

  /** Another agent's (chat's) fact is not found, as another tenant's is. */
  private static void requireOwner(Fact fact, FactRequests.Invalidate body) {
    if (body.agent() != null
        && (!body.agent().equals(fact.agent)
            || (body.chat() != null && !body.chat().equals(fact.chat)))) {
      throw new EngramException(
          CaptureError.FACT_NOT_FOUND,
          "No fact with id "
              + fact.id
              + " of agent "
              + body.agent()
              + (body.chat() == null ? "" : " and chat " + body.chat()));
    }
  }
}
