package dev.engram.capture.exchange;

import dev.engram.capture.CaptureError;
import dev.engram.capture.WriteLimits;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.outbox.Outbox;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.common.Sha256;
import dev.engram.common.auth.Caller;
import dev.engram.common.error.EngramException;
import dev.engram.common.error.FieldViolation;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Appends verbatim turns and reads a chat's trace back. */
@ApplicationScoped
public class ExchangeService {

  private final CaptureConfig.Limits limits;
  private final WriteLimits check;
  private final Outbox outbox;

  ExchangeService(CaptureConfig config, WriteLimits check, Outbox outbox) {
    this.limits = config.limits();
    this.check = check;
    this.outbox = outbox;
  }

  /** Stores the batch in one transaction: all turns or none, each with its outbox event. */
  @WithTransaction
  Uni<ExchangeRequests.Appended> append(Caller caller, ExchangeRequests.Append req) {
    List<ExchangeRequests.Item> items = req.exchanges();
    if (items.size() > limits.maxBatchExchanges()) {
      String message = "at most " + limits.maxBatchExchanges() + " exchanges per request";
      throw new EngramException(
          CaptureError.BATCH_TOO_LARGE,
          "exchanges: " + message + " (got " + items.size() + ")",
          List.of(new FieldViolation("exchanges", "max_items", message)),
          Map.of());
    }
    Instant now = Instant.now();
    List<Exchange> rows = new ArrayList<>(items.size());
    for (int i = 0; i < items.size(); i++) {
      ExchangeRequests.Item item = items.get(i);
      check.exchangeText("exchanges[" + i + "].text", item.text());
      check.metadata("exchanges[" + i + "].metadata", item.metadata());
      rows.add(toRow(caller, item, now));
    }
    return Exchange.persist(rows)
        .chain(
            () ->
                Multi.createFrom()
                    .iterable(rows)
                    .onItem()
                    .transformToUniAndConcatenate(
                        row -> outbox.upsert(row.tenant, AggregateType.EXCHANGE, row.id))
                    .collect()
                    .last())
        .chain(Panache::flush)
        .map(
            ignored ->
                new ExchangeRequests.Appended(
                    rows.stream()
                        .map(
                            r ->
                                new ExchangeRequests.AppendedItem(
                                    r.id, r.occurredAt, r.contentSha256))
                        .toList()));
  }

  @WithSession
  Uni<ExchangeView> get(Caller caller, long id) {
    return Exchange.<Exchange>find("id = ?1 and tenant = ?2", id, caller.tenant())
        .firstResult()
        .onItem()
        .ifNull()
        .failWith(
            () -> new EngramException(CaptureError.EXCHANGE_NOT_FOUND, "No exchange with id " + id))
        .map(ExchangeView::of);
  }

  @WithSession
  Uni<ExchangeRequests.Page> list(Caller caller, ExchangeFilter filter) {
    StringBuilder where = new StringBuilder("tenant = :tenant and agent = :agent and chat = :chat");
    Parameters params =
        Parameters.with("tenant", caller.tenant())
            .and("agent", filter.agent())
            .and("chat", filter.chat());
    if (filter.thread() != null) {
      where.append(" and thread = :thread");
      params.and("thread", filter.thread());
    }
    if (filter.session() != null) {
      where.append(" and session = :session");
      params.and("session", filter.session());
    }
    if (filter.from() != null) {
      where.append(" and occurredAt >= :from");
      params.and("from", filter.from());
    }
    if (filter.to() != null) {
      where.append(" and occurredAt < :to");
      params.and("to", filter.to());
    }
    if (filter.after() != null) {
      where.append(" and (occurredAt > :afterTime or (occurredAt = :afterTime and id > :afterId))");
      params.and("afterTime", filter.after().occurredAt()).and("afterId", filter.after().id());
    }
    return Exchange.<Exchange>find(where.toString(), Sort.ascending("occurredAt").and("id"), params)
        .page(0, filter.limit())
        .list()
        .map(
            rows -> {
              List<ExchangeView> items = rows.stream().map(ExchangeView::of).toList();
              String next =
                  items.size() < filter.limit()
                      ? null
                      : ExchangeFilter.Cursor.encode(items.getLast());
              return new ExchangeRequests.Page(items, next);
            });
  }

  private static Exchange toRow(Caller caller, ExchangeRequests.Item item, Instant now) {
    Exchange e = new Exchange();
    e.tenant = caller.tenant();
    e.agent = item.agent();
    e.chat = item.chat();
    e.thread = item.thread();
    e.session = item.session();
    e.speaker = item.speaker();
    e.role = item.role().wire();
    e.text = item.text();
    e.contentSha256 = Sha256.hex(item.text());
    e.occurredAt = item.occurredAt() == null ? now : item.occurredAt();
    e.recordedAt = now;
    e.metadata = item.metadata();
    return e;
  }
}
