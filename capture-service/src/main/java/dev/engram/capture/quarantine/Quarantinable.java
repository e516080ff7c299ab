package dev.engram.capture.quarantine;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.engram.capture.CaptureError;
import dev.engram.capture.audit.AuditLog;
import dev.engram.capture.exchange.ExchangeView;
import dev.engram.capture.memory.MemoryView;
import dev.engram.capture.slot.SlotView;
import dev.engram.common.auth.Caller;
import dev.engram.common.error.EngramException;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.function.Function;

/**
 * One kind of item the poisoning gate can hold back, and what an admin can do with it: list it,
 * release it as a normal write, delete it. All of it runs inside the caller's session or
 * transaction.
 */
sealed interface Quarantinable permits QuarantinedMemories, QuarantinedExchanges, QuarantinedSlots {

  /** The wire name of the kind: memory, exchange, slot. */
  QuarantineService.Type type();

  /** The tenant's quarantined items of this kind below {@code before} (all when null). */
  Uni<List<QuarantinedItem>> page(Caller caller, Long before, int limit);

  /** Makes the item a normal write; answers it as it now is. */
  Uni<Released> release(Caller caller, long id);

  /** Deletes the item (audited). */
  Uni<Void> delete(Caller caller, long id);

  /** A page of the tenant's rows in {@code status} below {@code before}, newest first, as items. */
  static <E> Uni<List<QuarantinedItem>> newest(
      PanacheRepositoryBase<E, Long> rows,
      Caller caller,
      Object status,
      Long before,
      int limit,
      Function<E, QuarantinedItem> item) {
    return QuarantineQueries.newest(rows, caller.tenant(), status, before, limit)
        .map(page -> page.stream().map(item).toList());
  }

  /** The tenant's row with this id in {@code status}, locked; a 404 naming the type otherwise. */
  static <E> Uni<E> held(
      PanacheRepositoryBase<E, Long> rows, Caller caller, String type, long id, Object status) {
    return QuarantineQueries.lockedIn(rows, caller.tenant(), id, status)
        .onItem()
        .ifNull()
        .failWith(() -> notFound(type, id));
  }

  /** Deletes the row and audits it as {@code <type>.delete} with its view before. */
  static Uni<Void> deleteAudited(
      AuditLog audit, Caller caller, String type, long id, PanacheEntityBase row, Object before) {
    return row.delete()
        .chain(() -> audit.record(caller, type + ".delete", type, id + "", before, null));
  }

  static EngramException notFound(String type, long id) {
    return new EngramException(
        CaptureError.QUARANTINED_NOT_FOUND, "No quarantined " + type + " with id " + id);
  }

  /** A released item, written as its own view (the same JSON as reading it). */
  sealed interface Released {

    record Memory(@JsonValue MemoryView view) implements Released {}

    record Exchange(@JsonValue ExchangeView view) implements Released {}

    record Slot(@JsonValue SlotView view) implements Released {}
  }
}
