package dev.engram.capture.quarantine;

import dev.engram.common.auth.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Admin review of what the poisoning gate held back. Release re-runs the item as a normal write: it
 * becomes ACTIVE, goes through the outbox to the index and the graph, and its facts are applied (a
 * released value of a functional predicate supersedes the current one). Delete removes it. What
 * each kind of item needs is its {@link Quarantinable}; this class owns the transactions.
 */
@ApplicationScoped
class QuarantineService {

  /** What can be quarantined. */
  enum Type {
    MEMORY,
    EXCHANGE,
    SLOT
  }

  private final Map<Type, Quarantinable> kinds = new EnumMap<>(Type.class);

  QuarantineService(
      QuarantinedMemories memories, QuarantinedExchanges exchanges, QuarantinedSlots slots) {
    for (Quarantinable kind : List.<Quarantinable>of(memories, exchanges, slots)) {
      kinds.put(kind.type(), kind);
    }
  }

  @WithSession
  Uni<List<QuarantinedItem>> list(Caller caller, Type type, Long before, int limit) {
    List<Type> types = type == null ? List.of(Type.values()) : List.of(type);
    List<QuarantinedItem> all = new ArrayList<>();
    Uni<Void> chain = Uni.createFrom().voidItem();
    for (Type t : types) {
      chain =
          chain
              .chain(() -> kinds.get(t).page(caller, before, limit).invoke(all::addAll))
              .replaceWithVoid();
    }
    return chain.replaceWith(all);
  }

  @WithTransaction
  Uni<Quarantinable.Released> release(Caller caller, Type type, long id) {
    return kinds.get(type).release(caller, id);
  }

  @WithTransaction
  Uni<Void> delete(Caller caller, Type type, long id) {
    return kinds.get(type).delete(caller, id);
  }
}
