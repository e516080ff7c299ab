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
import dev.engram.common.auth.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
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

  private final FindingWriter writer;
  private final SemanticDedup semantic;
  private final ReflectorQueries queries;
  private final int batchSize;

  ChatBatches(
      FindingWriter writer,
      SemanticDedup semantic,
      ReflectorQueries queries,
      CaptureConfig config) {
    this.writer = writer;
    this.semantic = semantic;
    this.queries = queries;
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
    return Panache.withSession(() -> queries.oldestQueued(tenant, agent, chat, batchSize))
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
                            .call(
                                () ->
                                    queries.advanceCursor(
                                        tenant,
                                        agent,
                                        chat,
                                        last.id,
                                        last.occurredAt,
                                        rows.size()))))
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

  private Uni<Void> lock(String tenant, String agent, String chat) {
    return queries
        .tryLockChat(tenant, agent, chat)
        .invoke(
            locked -> {
              if (!locked) {
                throw new AlreadyClaimed();
              }
            })
        .replaceWithVoid();
  }

  /** Takes the batch off the queue; all of it, or the transaction rolls back. */
  private Uni<Void> claim(List<Exchange> rows) {
    return queries
        .unqueue(rows.stream().map(r -> r.id).toList())
        .invoke(
            deleted -> {
              if (deleted != rows.size()) {
                throw new AlreadyClaimed();
              }
            })
        .replaceWithVoid();
  }
}
