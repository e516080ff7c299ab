package dev.engram.capture.memory;

import dev.engram.common.auth.Caller;
import dev.engram.common.error.EngramException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.TreeSet;

/**
 * A provenance written through the API names exchanges of the caller's tenant only: an id that does
 * not exist there (or belongs to another tenant, which answers the same, so ids of other tenants
 * cannot be probed) is a 400 on the field, before anything is stored.
 */
@ApplicationScoped
class ProvenanceCheck {

  private final MemoryRepository memories;

  ProvenanceCheck(MemoryRepository memories) {
    this.memories = memories;
  }

  Uni<Void> requireInTenant(Caller caller, Provenance provenance) {
    if (provenance == null || provenance.exchangeIds() == null) {
      return Uni.createFrom().voidItem();
    }
    Set<Long> ids = new TreeSet<>(provenance.exchangeIds());
    if (ids.isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    return memories
        .exchangesOfTenant(caller.tenant(), ids)
        .invoke(
            found -> {
              if (found != ids.size()) {
                throw EngramException.invalid(
                    "provenance.exchange_ids",
                    "exists",
                    "every id must name an exchange of this tenant; not all of " + ids + " do");
              }
            })
        .replaceWithVoid();
  }
}
