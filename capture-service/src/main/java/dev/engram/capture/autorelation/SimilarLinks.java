package dev.engram.capture.autorelation;

import dev.engram.capture.background.Ticker;
import dev.engram.capture.client.SimilarMemories;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.evidence.EvidenceLedger;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryRepository;
import dev.engram.capture.memory.MemoryScope;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.capture.relation.RelationLedger;
import dev.engram.capture.relation.RelationType;
import dev.engram.common.auth.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * Links each new memory to its nearest existing ones, in the background, never on the write path:
 * SIMILAR_TO above {@code relations.similar-min-score}; a neighbour at or above {@code
 * relations.supports-min-score} is a repeat, which the new memory SUPPORTS (and evidence for the
 * older statement). Always from the newer memory to the older one. When recall-service cannot
 * answer, the memory stays queued and the pass stops until the next tick; a pass run again (or by
 * another replica) makes no relation twice.
 */
@ApplicationScoped
class SimilarLinks {

  private static final Logger LOG = Logger.getLogger(SimilarLinks.class);

  /**
   * Passes one tick may run back to back while each finds a full batch. One pass per tick capped
   * the links at batch-size per interval (25 memories/s by default) whatever the CPU: a 100k bench
   * ingest at 94 memories/s left 42 thousand memories waiting.
   */
  static final int MAX_PASSES_PER_TICK = 20;

  private final SimilarMemories similar;
  private final MemoryRepository memories;
  private final RelationLedger relations;
  private final EvidenceLedger evidence;
  private final LinkQueueRepository queue;
  private final CaptureConfig.Relations config;

  SimilarLinks(
      SimilarMemories similar,
      MemoryRepository memories,
      RelationLedger relations,
      EvidenceLedger evidence,
      LinkQueueRepository queue,
      CaptureConfig config) {
    this.similar = similar;
    this.memories = memories;
    this.relations = relations;
    this.evidence = evidence;
    this.queue = queue;
    this.config = config.relations();
  }

  void schedule(@Observes StartupEvent event, Ticker ticker) {
    if (!"off".equalsIgnoreCase(config.interval().trim())) {
      Duration every = DurationConverter.parseDuration(config.interval().trim());
      ticker.every(every, "Automatic relations", () -> drain().replaceWithVoid());
    }
  }

  /**
   * Passes until one finds less than a full batch (the queue is caught up, or recall-service could
   * not answer and the pass backed off), at most {@link #MAX_PASSES_PER_TICK}; how many memories
   * they took together.
   */
  Uni<Integer> drain() {
    return Multi.createBy()
        .repeating()
        .uni(this::pass)
        .whilst(taken -> taken >= config.batchSize())
        .select()
        .first(MAX_PASSES_PER_TICK)
        .collect()
        .with(Collectors.summingInt(Integer::intValue));
  }

  /**
   * One pass over the queue; how many memories it linked (or found nothing to link for). The whole
   * pass asks recall-service once and writes its links in one transaction: per memory, that was a
   * request, a scan setup and a commit each. When the batch fails, each memory is linked alone (in
   * its own transaction, a failure only its own); when recall-service cannot answer a batch, one
   * memory at a time as before.
   */
  Uni<Integer> pass() {
    if (!config.similarEnabled() && !config.supportsEnabled()) {
      return Uni.createFrom().item(0);
    }
    return Panache.withSession(
            () ->
                queue
                    .next(config.batchSize())
                    .chain(
                        ids ->
                            memories
                                .byIds(ids)
                                .map(
                                    found -> {
                                      Map<Long, Memory> byId = new HashMap<>();
                                      found.forEach(m -> byId.put(m.id, m));
                                      List<Memory> ordered = new ArrayList<>();
                                      ids.forEach(id -> ordered.add(byId.get(id)));
                                      return new Queued(ids, ordered);
                                    })))
        .chain(this::linkAll);
  }

  /** The queued ids, oldest first, and their memories (null where gone). */
  private record Queued(List<Long> ids, List<Memory> memories) {}

  private Uni<Integer> linkAll(Queued queued) {
    List<Long> nothing = new ArrayList<>();
    List<Memory> linkable = new ArrayList<>();
    for (int i = 0; i < queued.ids().size(); i++) {
      Memory m = queued.memories().get(i);
      if (linkable(m)) {
        linkable.add(m);
      } else {
        nothing.add(queued.ids().get(i));
      }
    }
    Uni<Void> cleared =
        nothing.isEmpty()
            ? Uni.createFrom().voidItem()
            : Panache.withTransaction(() -> queue.done(nothing));
    if (linkable.isEmpty()) {
      return cleared.replaceWith(nothing.size());
    }
    List<SimilarMemories.Request> requests = linkable.stream().map(this::request).toList();
    return cleared
        .chain(() -> similar.nearestAll(requests))
        .chain(
            found ->
                found.isEmpty()
                    ? next(linkable.stream().map(m -> m.id).toList(), 0, 0)
                    : together(linkable, found.get()))
        .map(linked -> linked + nothing.size());
  }

  /** Every memory's links in one transaction; if it fails, each memory alone. */
  private Uni<Integer> together(List<Memory> linkable, List<List<SimilarMemories.Item>> found) {
    return Panache.withTransaction(
            () ->
                neighbours(linkable, found)
                    .chain(() -> queue.done(linkable.stream().map(m -> m.id).toList())))
        .replaceWith(linkable.size())
        .onFailure()
        .recoverWithUni(
            failure -> {
              LOG.warnf(
                  failure,
                  "Linking %d memories together failed; linking each alone",
                  linkable.size());
              return alone(linkable, found, 0, 0);
            });
  }

  private Uni<Integer> alone(
      List<Memory> linkable, List<List<SimilarMemories.Item>> found, int at, int done) {
    if (at == linkable.size()) {
      return Uni.createFrom().item(done);
    }
    long id = linkable.get(at).id;
    return link(linkable.get(at), Optional.of(found.get(at)))
        .onFailure()
        .recoverWithUni(
            failure -> {
              LOG.warnf(failure, "Linking memory %d failed; tried again later", id);
              return Panache.withTransaction(() -> queue.failed(id)).replaceWith(true);
            })
        .chain(() -> alone(linkable, found, at + 1, done + 1));
  }

  private Uni<Integer> next(List<Long> ids, int at, int done) {
    if (at == ids.size()) {
      return Uni.createFrom().item(done);
    }
    long id = ids.get(at);
    return one(id)
        .onFailure()
        .recoverWithUni(
            failure -> {
              LOG.warnf(failure, "Linking memory %d failed; tried again later", id);
              return Panache.withTransaction(() -> queue.failed(id)).replaceWith(true);
            })
        .chain(linked -> linked ? next(ids, at + 1, done + 1) : Uni.createFrom().item(done));
  }

  /** Links one memory; false when recall-service could not answer (it stays queued). */
  private Uni<Boolean> one(long id) {
    return Panache.withSession(() -> memories.findById(id))
        .chain(
            m -> {
              if (!linkable(m)) {
                return Panache.withTransaction(() -> queue.done(id)).replaceWith(true);
              }
              SimilarMemories.Request r = request(m);
              return similar
                  .nearest(r.tenant(), r.agent(), r.chat(), r.text(), r.k(), r.minScore())
                  .chain(found -> link(m, found));
            });
  }

  /**
   * Gone (deleted with its queue entry meanwhile), no longer active, or GLOBAL with no agent to ask
   * recall-service as: nothing to link.
   */
  private static boolean linkable(Memory m) {
    return m != null
        && m.status == MemoryStatus.ACTIVE
        && !(m.scope == MemoryScope.GLOBAL && m.agent == null);
  }

  private SimilarMemories.Request request(Memory m) {
    return new SimilarMemories.Request(
        m.tenant,
        m.agent,
        m.scope == MemoryScope.CHAT ? m.chat : null,
        m.text,
        List.of("memory"),
        config.similarMax() + 1,
        Math.min(config.similarMinScore(), config.supportsMinScore()));
  }

  private Uni<Boolean> link(Memory m, Optional<List<SimilarMemories.Item>> found) {
    if (found.isEmpty()) {
      return Uni.createFrom().item(false);
    }
    return Panache.withTransaction(
            () -> neighbours(List.of(m), List.of(found.get())).chain(() -> queue.done(m.id)))
        .replaceWith(true);
  }

  /**
   * Links each memory to the neighbours recall-service found for it, inside the caller's
   * transaction; the neighbours are read in one query.
   */
  private Uni<Void> neighbours(List<Memory> ms, List<List<SimilarMemories.Item>> found) {
    List<List<SimilarMemories.Item>> near = new ArrayList<>();
    Set<Long> ids = new HashSet<>();
    for (int i = 0; i < ms.size(); i++) {
      long self = ms.get(i).id;
      List<SimilarMemories.Item> items =
          found.get(i).stream()
              .filter(item -> "memory".equals(item.kind()) && item.id() != self)
              .limit(config.similarMax())
              .toList();
      near.add(items);
      items.forEach(item -> ids.add(item.id()));
    }
    if (ids.isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    return memories
        .byIds(ids)
        .chain(
            rows -> {
              Map<Long, Memory> others = new HashMap<>();
              rows.forEach(o -> others.put(o.id, o));
              return Multi.createFrom()
                  .range(0, ms.size())
                  .onItem()
                  .transformToUniAndConcatenate(
                      i -> {
                        Memory m = ms.get(i);
                        Caller actor = new Caller("system:relations", m.tenant, Set.of());
                        return Multi.createFrom()
                            .iterable(near.get(i))
                            .onItem()
                            .transformToUniAndConcatenate(
                                item -> neighbour(actor, m, item, others.get(item.id())))
                            .collect()
                            .asList()
                            .chain(SimilarLinks::settled);
                      })
                  .collect()
                  .asList()
                  .replaceWithVoid();
            });
  }

  /**
   * Writes what one memory's links made and empties the session. Every query and flush of a
   * Hibernate session visits every entity it holds (cascades, dirty checks of the JSON columns), so
   * a pass whose session kept its neighbours, relations, evidence, outbox and audit rows paid for
   * all of them again at each of its hundreds of statements: a quarter of capture's CPU under a
   * bench ingest. The memories read for the pass are only read afterwards, detached.
   */
  private static Uni<Void> settled(Object ignored) {
    return Panache.getSession().chain(s -> s.flush().invoke(s::clear));
  }

  private Uni<Void> neighbour(Caller actor, Memory m, SimilarMemories.Item item, Memory candidate) {
    boolean repeat = item.score() >= config.supportsMinScore();
    RelationType type = repeat ? RelationType.SUPPORTS : RelationType.SIMILAR_TO;
    if (repeat ? !config.supportsEnabled() : !config.similarEnabled()) {
      return Uni.createFrom().voidItem();
    }
    if (!repeat && item.score() < config.similarMinScore()) {
      return Uni.createFrom().voidItem();
    }
    // Another tenant's id is treated as gone, as a lookup within the tenant would.
    Memory other = candidate != null && m.tenant.equals(candidate.tenant) ? candidate : null;
    if (other == null || other.status == MemoryStatus.QUARANTINED) {
      return Uni.createFrom().voidItem();
    }
    Memory newer = other.id > m.id ? other : m;
    Memory older = newer == m ? other : m;
    double weight = Math.max(0, Math.min(1, item.score()));
    return relations
        .link(actor, newer.id, older.id, type, weight)
        .chain(
            () ->
                repeat
                    ? evidence.record(EvidenceLedger.Draft.supported(older, newer))
                    : Uni.createFrom().voidItem());
  }
}
