package dev.engram.capture.exchange;

import dev.engram.capture.CaptureError;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.gate.PoisoningGate;
import dev.engram.capture.gate.TurnWindow;
import dev.engram.capture.limits.WriteLimits;
import dev.engram.capture.outbox.Outbox;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import dev.engram.common.Sha256;
import dev.engram.common.auth.Caller;
import dev.engram.common.error.EngramException;
import dev.engram.common.error.FieldViolation;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Appends verbatim turns and reads a chat's trace back. In one transaction per batch: dedup on
 * write (the same content from the same speaker in the same chat within the window is acknowledged
 * but stored once), the poisoning gate (a hit is stored QUARANTINED and never projected), the
 * outbox, the Reflector's queue, and explicit "remember ..." memories.
 */
@ApplicationScoped
public class ExchangeService {

  private final CaptureConfig.Limits limits;
  private final Duration window;
  private final WriteLimits check;
  private final Outbox outbox;
  private final PoisoningGate gate;
  private final ExplicitMemories remember;
  private final ExchangeRepository exchanges;

  ExchangeService(
      CaptureConfig config,
      WriteLimits check,
      Outbox outbox,
      PoisoningGate gate,
      ExplicitMemories remember,
      ExchangeRepository exchanges) {
    this.exchanges = exchanges;
    this.limits = config.limits();
    this.window = config.exchanges().dedupWindow();
    this.check = check;
    this.outbox = outbox;
    this.gate = gate;
    this.remember = remember;
  }

  /** One request item and what became of it: a fresh row, or the earlier row it repeats. */
  private record Slot(
      ExchangeRequests.Item item, Instant occurredAt, String sha, Exchange row, boolean fresh) {}

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
    List<Slot> slots = new ArrayList<>(items.size());
    for (int i = 0; i < items.size(); i++) {
      ExchangeRequests.Item item = items.get(i);
      check.exchangeText("exchanges[" + i + "].text", item.text());
      check.metadata("exchanges[" + i + "].metadata", item.metadata());
      Instant at = item.occurredAt() == null ? now : item.occurredAt();
      slots.add(new Slot(item, at, Sha256.hex(item.text()), null, false));
    }
    return lockContents(caller, slots)
        .chain(() -> earlier(caller, slots))
        .chain(
            earlier -> {
              List<Slot> resolved = resolve(caller, slots, earlier, now);
              List<Exchange> rows = resolved.stream().filter(Slot::fresh).map(Slot::row).toList();
              return screen(caller, rows)
                  .chain(() -> store(rows))
                  .chain(() -> enqueue(rows))
                  .chain(() -> remember.from(caller, rows))
                  .map(memories -> appended(resolved, memories));
            });
  }

  /**
   * Inserts the fresh rows. A batch of nothing but repeats (a retried request) has none, and
   * Panache refuses to persist an empty list, so it stores nothing and answers with the earlier
   * rows.
   */
  private Uni<Void> store(List<Exchange> rows) {
    if (rows.isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    return exchanges.persist(rows).chain(Panache::flush);
  }

  /**
   * Serialises concurrent appends of the same content in the same chat (transaction-scoped advisory
   * locks, taken in key order), so two retries of one turn cannot both be stored.
   */
  private Uni<Void> lockContents(Caller caller, List<Slot> slots) {
    List<Long> keys =
        slots.stream()
            .map(s -> lockKey(caller.tenant(), s.item(), s.sha()))
            .distinct()
            .sorted()
            .toList();
    return exchanges.lock(keys);
  }

  private static long lockKey(String tenant, ExchangeRequests.Item item, String sha) {
    String hex =
        Sha256.hex(
            tenant
                + '\u0000'
                + item.agent()
                + '\u0000'
                + item.chat()
                + '\u0000'
                + item.speaker()
                + '\u0000'
                + sha);
    return Long.parseUnsignedLong(hex.substring(0, 16), 16);
  }

  /** Stored turns with the same content as any in the batch, around the batch's times. */
  private Uni<List<Exchange>> earlier(Caller caller, List<Slot> slots) {
    List<String> shas = slots.stream().map(Slot::sha).distinct().toList();
    Instant from =
        slots.stream().map(Slot::occurredAt).min(Comparator.naturalOrder()).orElseThrow();
    Instant to = slots.stream().map(Slot::occurredAt).max(Comparator.naturalOrder()).orElseThrow();
    return exchanges.withContent(caller.tenant(), shas, from.minus(window), to.plus(window));
  }

  /** Each item becomes a new row, or points at the earlier row it repeats. */
  private List<Slot> resolve(Caller caller, List<Slot> slots, List<Exchange> earlier, Instant now) {
    List<Exchange> known = new ArrayList<>(earlier);
    List<Slot> result = new ArrayList<>(slots.size());
    for (Slot s : slots) {
      Exchange repeat =
          known.stream()
              .filter(
                  e ->
                      e.contentSha256.equals(s.sha())
                          && e.agent.equals(s.item().agent())
                          && e.chat.equals(s.item().chat())
                          && e.speaker.equals(s.item().speaker())
                          && Duration.between(e.occurredAt, s.occurredAt()).abs().compareTo(window)
                              <= 0)
              .findFirst()
              .orElse(null);
      if (repeat != null) {
        result.add(new Slot(s.item(), s.occurredAt(), s.sha(), repeat, false));
        continue;
      }
      Exchange row = toRow(caller, s.item(), s.occurredAt(), s.sha(), now);
      known.add(row);
      result.add(new Slot(s.item(), s.occurredAt(), s.sha(), row, true));
    }
    return result;
  }

  /**
   * Runs the gate over the fresh rows (off the event loop): a hit is stored QUARANTINED. The turns
   * of one chat are judged together with the chat's last clean turns before them ({@link
   * TurnWindow}), so an instruction split over consecutive turns is caught: one indexed query per
   * chat in the batch (a batch is nearly always one chat).
   */
  private Uni<Void> screen(Caller caller, List<Exchange> rows) {
    Map<String, List<Exchange>> chats = new LinkedHashMap<>();
    rows.stream()
        .sorted(Comparator.comparing((Exchange r) -> r.occurredAt))
        .forEach(
            r -> chats.computeIfAbsent(r.agent + '\u0000' + r.chat, k -> new ArrayList<>()).add(r));
    return Multi.createFrom()
        .iterable(chats.values())
        .onItem()
        .transformToUniAndConcatenate(turns -> screenChat(caller, turns))
        .collect()
        .last()
        .replaceWithVoid();
  }

  private Uni<Void> screenChat(Caller caller, List<Exchange> turns) {
    Exchange first = turns.getFirst();
    return exchanges
        .activeNextTo(
            caller.tenant(), first.agent, first.chat, first.occurredAt, true, TurnWindow.TURNS)
        .chain(
            before ->
                gate.screenTurns(
                    "exchange",
                    before.reversed().stream().map(e -> e.text).toList(),
                    turns.stream().map(r -> new PoisoningGate.Gated(r.text, r.metadata)).toList()))
        .invoke(
            reasons -> {
              for (int i = 0; i < turns.size(); i++) {
                Exchange row = turns.get(i);
                reasons
                    .get(i)
                    .ifPresent(
                        reason -> {
                          row.status = ExchangeStatus.QUARANTINED;
                          row.statusReason = reason;
                        });
              }
            })
        .replaceWithVoid();
  }

  /** Projection events for clean turns (a quarantined one is never projected) and the queue. */
  private Uni<Void> enqueue(List<Exchange> rows) {
    if (rows.isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    return Multi.createFrom()
        .iterable(rows)
        .filter(r -> r.status == ExchangeStatus.ACTIVE)
        .onItem()
        .transformToUniAndConcatenate(r -> outbox.upsert(r.tenant, AggregateType.EXCHANGE, r.id))
        .collect()
        .last()
        .chain(() -> exchanges.queueForReflector(rows));
  }

  private static ExchangeRequests.Appended appended(
      List<Slot> resolved, Map<Long, List<Long>> memories) {
    List<ExchangeRequests.AppendedItem> items = new ArrayList<>(resolved.size());
    for (Slot s : resolved) {
      Exchange r = s.row();
      items.add(
          new ExchangeRequests.AppendedItem(
              r.id,
              r.occurredAt,
              r.contentSha256,
              !s.fresh(),
              r.status,
              r.statusReason,
              s.fresh() ? memories.getOrDefault(r.id, List.of()) : List.of()));
    }
    return new ExchangeRequests.Appended(items);
  }

  @WithSession
  Uni<ExchangeView> get(Caller caller, long id) {
    return exchanges
        .inTenant(caller.tenant(), id)
        .onItem()
        .ifNull()
        .failWith(
            () -> new EngramException(CaptureError.EXCHANGE_NOT_FOUND, "No exchange with id " + id))
        .map(e -> ExchangeView.of(e, caller));
  }

  @WithSession
  Uni<ExchangeRequests.Page> list(Caller caller, ExchangeFilter filter) {
    return exchanges
        .page(caller.tenant(), filter)
        .map(
            rows -> {
              List<ExchangeView> items =
                  rows.stream().map(e -> ExchangeView.of(e, caller)).toList();
              String next =
                  items.size() < filter.limit()
                      ? null
                      : ExchangeFilter.Cursor.encode(items.getLast());
              return new ExchangeRequests.Page(items, next);
            });
  }

  private static Exchange toRow(
      Caller caller, ExchangeRequests.Item item, Instant occurredAt, String sha, Instant now) {
    Exchange e = new Exchange();
    e.tenant = caller.tenant();
    e.agent = item.agent();
    e.chat = item.chat();
    e.thread = item.thread();
    e.session = item.session();
    e.speaker = item.speaker();
    e.role = item.role().wire();
    e.text = item.text();
    e.contentSha256 = sha;
    e.occurredAt = occurredAt;
    e.recordedAt = now;
    e.metadata = item.metadata();
    e.mode = item.mode();
    return e;
  }
}
