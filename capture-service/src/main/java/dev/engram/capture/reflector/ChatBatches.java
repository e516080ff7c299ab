package dev.engram.capture.reflector;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.extract.Extractor;
import dev.engram.capture.extract.Finding;
import dev.engram.capture.extract.Statement;
import dev.engram.capture.learn.FindingWriter;
import dev.engram.capture.learn.SemanticDedup;
import dev.engram.capture.learn.Tally;
import dev.engram.capture.learn.WriteScope;
import dev.engram.capture.memory.MemoryScope;
import dev.engram.common.Sha256;
import dev.engram.common.auth.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One batch of one chat: read the oldest queued exchanges, extract (no transaction open), ask
 * recall-service about repeats (no transaction open), then in ONE transaction claim the exchanges
 * from the queue, write what was found and advance the chat's cursor. A crash before the commit
 * leaves the exchanges queued (read again next time); after it, they are gone from the queue:
 * nothing is lost and nothing is done twice. A batch another replica claimed first is dropped.
 */
@ApplicationScoped
class ChatBatches {

  static final String SOURCE = "reflector";

  private static final String READ =
      "select e.* from reflector_inbox i join exchanges e on e.id = i.exchange_id"
          + " where i.tenant = ?1 and i.agent = ?2 and i.chat = ?3"
          + " order by i.occurred_at, i.exchange_id limit ?4";

  private static final String CURSOR =
      "insert into reflector_cursors (tenant, agent, chat, last_exchange_id, last_occurred_at,"
          + " exchanges_read, updated_at) values (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
          + " on conflict (tenant, agent, chat) do update set last_exchange_id ="
          + " excluded.last_exchange_id, last_occurred_at = excluded.last_occurred_at,"
          + " exchanges_read = reflector_cursors.exchanges_read + excluded.exchanges_read,"
          + " updated_at = excluded.updated_at";

  private final FindingWriter writer;
  private final SemanticDedup semantic;
  private final int batchSize;

  ChatBatches(FindingWriter writer, SemanticDedup semantic, CaptureConfig config) {
    this.writer = writer;
    this.semantic = semantic;
    this.batchSize = config.reflector().batchSize();
  }

  /** What one batch did; {@code read} is 0 when the chat's queue was empty. */
  record Result(int read, Tally tally, int skipped) {}

  /** Raised when another worker consumed part of the batch first. */
  static final class AlreadyClaimed extends RuntimeException {
    AlreadyClaimed() {
      super("another Reflector claimed these exchanges first", null, false, false);
    }
  }

  Uni<Result> next(String tenant, String agent, String chat, Extractor extractor) {
    return Panache.withSession(
            () ->
                Panache.getSession()
                    .chain(
                        s ->
                            s.createNativeQuery(READ, Exchange.class)
                                .setParameter(1, tenant)
                                .setParameter(2, agent)
                                .setParameter(3, chat)
                                .setParameter(4, batchSize)
                                .getResultList()))
        .chain(
            rows -> {
              if (rows.isEmpty()) {
                return Uni.createFrom().item(new Result(0, new Tally(), 0));
              }
              List<Statement> statements = rows.stream().map(Exchange::statement).toList();
              return extractor
                  .extract(statements)
                  .chain(extraction -> store(tenant, agent, chat, rows, extraction));
            });
  }

  private Uni<Result> store(
      String tenant, String agent, String chat, List<Exchange> rows, Extractor.Extraction found) {
    Caller actor = new Caller("system:reflector", tenant, Set.of());
    Map<Long, Exchange> byId = rows.stream().collect(Collectors.toMap(e -> e.id, e -> e));
    Exchange last = rows.getLast();
    WriteScope chatScope =
        new WriteScope(
            tenant,
            agent,
            chat,
            last.thread,
            last.session,
            MemoryScope.CHAT,
            SOURCE,
            actor,
            last.mode);
    List<Finding> findings = found.findings();
    return semantic
        .nearest(chatScope, findings)
        .chain(
            similar ->
                Panache.withTransaction(
                    () ->
                        lock(tenant, agent, chat)
                            .chain(() -> claim(rows))
                            .chain(() -> write(findings, similar, byId, chatScope))
                            .call(() -> advance(tenant, agent, chat, last, rows.size()))))
        .map(tally -> new Result(rows.size(), tally, found.skipped()));
  }

  /**
   * Findings are written one by one, each with the thread and session of its first exchange and the
   * mode of its exchanges ({@link #modeOf}).
   */
  private Uni<Tally> write(
      List<Finding> findings,
      Map<Integer, List<Long>> similar,
      Map<Long, Exchange> byId,
      WriteScope chatScope) {
    Tally total = new Tally();
    return Multi.createFrom()
        .range(0, findings.size())
        .onItem()
        .transformToUniAndConcatenate(
            i -> {
              Finding f = findings.get(i);
              Exchange source = byId.get(f.exchangeIds().getFirst());
              WriteScope scope =
                  source == null
                      ? chatScope
                      : new WriteScope(
                          chatScope.tenant(),
                          chatScope.agent(),
                          chatScope.chat(),
                          source.thread,
                          source.session,
                          MemoryScope.CHAT,
                          SOURCE,
                          chatScope.actor(),
                          modeOf(f, byId));
              Map<Integer, List<Long>> hint = new HashMap<>();
              if (similar.containsKey(i)) {
                hint.put(0, similar.get(i));
              }
              return writer.write(scope, List.of(f), hint).invoke(total::add);
            })
        .collect()
        .last()
        .replaceWith(total);
  }

  /**
   * The mode a finding inherits: the one mode tagged among its exchanges (untagged ones do not
   * widen it); with several, the first exchange's, so it stays inside one mode rather than becoming
   * untagged and visible from all.
   */
  static String modeOf(Finding f, Map<Long, Exchange> byId) {
    List<String> modes =
        f.exchangeIds().stream()
            .map(byId::get)
            .filter(e -> e != null && e.mode != null)
            .map(e -> e.mode)
            .distinct()
            .toList();
    if (modes.size() <= 1) {
      return modes.isEmpty() ? null : modes.getFirst();
    }
    Exchange first = byId.get(f.exchangeIds().getFirst());
    return first != null && first.mode != null ? first.mode : modes.getFirst();
  }

  private static Uni<Void> lock(String tenant, String agent, String chat) {
    String hex = Sha256.hex("reflector\u0000" + tenant + '\u0000' + agent + '\u0000' + chat);
    long key = Long.parseUnsignedLong(hex.substring(0, 16), 16);
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery("select pg_try_advisory_xact_lock(" + key + ")", Boolean.class)
                    .getSingleResult())
        .invoke(
            locked -> {
              if (!locked) {
                throw new AlreadyClaimed();
              }
            })
        .replaceWithVoid();
  }

  /** Takes the batch off the queue; all of it, or the transaction rolls back. */
  private static Uni<Void> claim(List<Exchange> rows) {
    String ids = rows.stream().map(r -> r.id.toString()).collect(Collectors.joining(","));
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery(
                        "delete from reflector_inbox where exchange_id in (" + ids + ")")
                    .executeUpdate())
        .invoke(
            deleted -> {
              if (deleted != rows.size()) {
                throw new AlreadyClaimed();
              }
            })
        .replaceWithVoid();
  }

  private static Uni<Void> advance(
      String tenant, String agent, String chat, Exchange last, int read) {
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery(CURSOR)
                    .setParameter(1, tenant)
                    .setParameter(2, agent)
                    .setParameter(3, chat)
                    .setParameter(4, last.id)
                    .setParameter(5, last.occurredAt)
                    .setParameter(6, (long) read)
                    .setParameter(7, Instant.now())
                    .executeUpdate())
        .replaceWithVoid();
  }
}
