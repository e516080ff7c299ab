package dev.engram.capture.quarantine;

import dev.engram.capture.audit.AuditLog;
import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.exchange.ExchangeRepository;
import dev.engram.capture.exchange.ExchangeStatus;
import dev.engram.capture.exchange.ExchangeView;
import dev.engram.capture.outbox.Outbox;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.common.auth.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Singleton;
import java.util.List;

/** Quarantined exchanges: released into both projections, or deleted. */
@Singleton
final class QuarantinedExchanges implements Quarantinable {

  private final Outbox outbox;
  private final AuditLog audit;
  private final ExchangeRepository exchanges;

  QuarantinedExchanges(Outbox outbox, AuditLog audit, ExchangeRepository exchanges) {
    this.outbox = outbox;
    this.audit = audit;
    this.exchanges = exchanges;
  }

  @Override
  public QuarantineService.Type type() {
    return QuarantineService.Type.EXCHANGE;
  }

  @Override
  public Uni<List<QuarantinedItem>> page(Caller caller, Long before, int limit) {
    return Quarantinable.newest(
        exchanges,
        caller,
        ExchangeStatus.QUARANTINED,
        before,
        limit,
        e ->
            new QuarantinedItem(
                "exchange",
                e.id,
                e.agent,
                e.chat,
                e.text,
                e.statusReason,
                e.speaker,
                e.recordedAt));
  }

  @Override
  public Uni<Released> release(Caller caller, long id) {
    return exchange(caller, id)
        .chain(
            e -> {
              ExchangeView before = ExchangeView.of(e);
              e.status = ExchangeStatus.ACTIVE;
              e.statusReason = null;
              return Panache.flush()
                  .chain(() -> outbox.upsert(e.tenant, AggregateType.EXCHANGE, e.id))
                  .map(ignored -> ExchangeView.of(e))
                  .call(
                      after ->
                          audit.record(
                              caller, "exchange.release", "exchange", e.id + "", before, after));
            })
        .map(Released.Exchange::new);
  }

  @Override
  public Uni<Void> delete(Caller caller, long id) {
    return exchange(caller, id)
        .chain(
            e -> Quarantinable.deleteAudited(audit, caller, "exchange", id, e, ExchangeView.of(e)));
  }

  private Uni<Exchange> exchange(Caller caller, long id) {
    return Quarantinable.held(exchanges, caller, "exchange", id, ExchangeStatus.QUARANTINED);
  }
}
