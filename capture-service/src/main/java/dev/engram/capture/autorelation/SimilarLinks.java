package dev.engram.capture.autorelation;

import dev.engram.capture.background.Ticker;
import dev.engram.capture.client.SimilarMemories;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.evidence.EvidenceLedger;
import dev.engram.capture.evidence.EvidenceSource;
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
import java.util.List;
import java.util.Optional;
import java.util.Set;
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

  private final SimilarMemories similar;
  private final MemoryRepository memories;
  private final RelationLedger relations;
  private final EvidenceLedger evidence;
  private final LinkQueue queue;
  private final CaptureConfig.Relations config;

  SimilarLinks(
      SimilarMemories similar,
      MemoryRepository memories,
      RelationLedger relations,
      EvidenceLedger evidence,
      LinkQueue queue,
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
      ticker.every(every, "Automatic relations", () -> pass().replaceWithVoid());
    }
  }

  /** One pass over the queue; how many memories it linked (or found nothing to link for). */
  Uni<Integer> pass() {
    if (!config.similarEnabled() && !config.supportsEnabled()) {
      return Uni.createFrom().item(0);
    }
    return Panache.withSession(() -> queue.next(config.batchSize())).chain(ids -> next(ids, 0, 0));
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
              // Gone (deleted with its queue entry meanwhile), no longer active, or GLOBAL with no
              // agent to ask recall-service as: nothing to link.
              if (m == null
                  || m.status != MemoryStatus.ACTIVE
                  || (m.scope == MemoryScope.GLOBAL && m.agent == null)) {
                return Panache.withTransaction(() -> queue.done(id)).replaceWith(true);
              }
              return similar
                  .nearest(
                      m.tenant,
                      m.agent,
                      m.scope == MemoryScope.CHAT ? m.chat : null,
                      m.text,
                      config.similarMax() + 1,
                      Math.min(config.similarMinScore(), config.supportsMinScore()))
                  .chain(found -> link(m, found));
            });
  }

  private Uni<Boolean> link(Memory m, Optional<List<SimilarMemories.Item>> found) {
    if (found.isEmpty()) {
      return Uni.createFrom().item(false);
    }
    List<SimilarMemories.Item> near =
        found.get().stream()
            .filter(item -> "memory".equals(item.kind()) && item.id() != m.id)
            .limit(config.similarMax())
            .toList();
    Caller actor = new Caller("system:relations", m.tenant, Set.of());
    return Panache.withTransaction(
            () ->
                Multi.createFrom()
                    .iterable(near)
                    .onItem()
                    .transformToUniAndConcatenate(item -> neighbour(actor, m, item))
                    .collect()
                    .asList()
                    .chain(() -> queue.done(m.id)))
        .replaceWith(true);
  }

  private Uni<Void> neighbour(Caller actor, Memory m, SimilarMemories.Item item) {
    boolean repeat = item.score() >= config.supportsMinScore();
    RelationType type = repeat ? RelationType.SUPPORTS : RelationType.SIMILAR_TO;
    if (repeat ? !config.supportsEnabled() : !config.similarEnabled()) {
      return Uni.createFrom().voidItem();
    }
    if (!repeat && item.score() < config.similarMinScore()) {
      return Uni.createFrom().voidItem();
    }
    return memories
        .inTenant(m.tenant, item.id())
        .chain(
            other -> {
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
                              ? evidence.record(
                                  new EvidenceLedger.Draft(
                                      m.tenant,
                                      "m" + older.id + "-supported-by-m" + newer.id,
                                      older.id,
                                      older.text,
                                      EvidenceLedger.SUPPORT,
                                      newer.confidence,
                                      EvidenceSource.DEDUP,
                                      List.of(older.id, newer.id)))
                              : Uni.createFrom().voidItem());
            });
  }
}
