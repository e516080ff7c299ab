package dev.engram.capture.reflector;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.memory.MemoryJournal;
import dev.engram.capture.memory.MemoryRepository;
import dev.engram.capture.memory.MemoryRepository.Capacity;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.capture.memory.MemoryView;
import dev.engram.common.auth.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * Memory pool health, applied at the end of each Reflector run over a tenant. Decay: memories of
 * the decaying sources that were neither seen again nor used (given to an agent in a context pack,
 * {@code last_used}) for the grace period lose confidence (halving every half-life); below the
 * floor they are ARCHIVED. Capacity: above the limit of ACTIVE memories per chat, per agent and per
 * tenant, the least confident and least recently seen are ARCHIVED first. Archived, never deleted;
 * every change is audited and projected.
 */
@ApplicationScoped
class Lifecycle {

  /**
   * A memory decays at most this often per half-life (about 4% each time), not at every run: a
   * decay is a write with its audit row and projection, and a sliver of confidence is not worth
   * one.
   */
  private static final int DECAY_STEPS_PER_HALF_LIFE = 16;

  private final CaptureConfig.Lifecycle config;
  private final MemoryJournal journal;
  private final MemoryRepository memories;

  Lifecycle(CaptureConfig config, MemoryJournal journal, MemoryRepository memories) {
    this.memories = memories;
    this.config = config.lifecycle();
    this.journal = journal;
  }

  /** What a pass changed. */
  record Changes(int decayed, int archived) {}

  Uni<Changes> apply(String tenant) {
    Caller actor = new Caller("system:lifecycle", tenant, Set.of());
    return decay(tenant, actor)
        .chain(
            decay ->
                capacity(actor, tenant, Capacity.PER_CHAT, config.maxPerChat())
                    .chain(
                        chat ->
                            capacity(actor, tenant, Capacity.PER_AGENT, config.maxPerAgent())
                                .chain(
                                    agent ->
                                        capacity(
                                                actor,
                                                tenant,
                                                Capacity.PER_TENANT,
                                                config.maxPerTenant())
                                            .map(
                                                whole ->
                                                    new Changes(
                                                        decay.decayed(),
                                                        decay.archived()
                                                            + chat
                                                            + agent
                                                            + whole)))));
  }

  private Uni<Changes> decay(String tenant, Caller actor) {
    Instant now = Instant.now();
    Duration grace = config.decayGrace();
    double halfLife = config.decayHalfLife().toMillis();
    return Panache.withTransaction(
        () ->
            memories
                .decayable(
                    tenant,
                    config.decayingSources(),
                    now.minus(grace),
                    now.minus(config.decayHalfLife().dividedBy(DECAY_STEPS_PER_HALF_LIFE)),
                    config.maxChangesPerRun())
                .chain(
                    rows ->
                        Multi.createFrom()
                            .iterable(rows)
                            .onItem()
                            .transformToUniAndConcatenate(
                                m -> {
                                  Instant seen = m.seenOrUsedAt();
                                  Instant from = seen.plus(grace);
                                  if (m.decayedAt != null && m.decayedAt.isAfter(from)) {
                                    from = m.decayedAt;
                                  }
                                  double elapsed =
                                      Math.max(0, now.toEpochMilli() - from.toEpochMilli());
                                  MemoryView before = MemoryView.of(m);
                                  m.confidence = m.confidence * Math.pow(0.5, elapsed / halfLife);
                                  m.decayedAt = now;
                                  m.updatedAt = now;
                                  boolean archive = m.confidence < config.archiveBelow();
                                  if (archive) {
                                    m.status = MemoryStatus.ARCHIVED;
                                    m.archivedAt = now;
                                    m.statusReason =
                                        "decayed: not seen or used since "
                                            + seen
                                            + ", confidence below "
                                            + config.archiveBelow();
                                  }
                                  return journal
                                      .changed(
                                          actor,
                                          archive ? "memory.archive" : "memory.decay",
                                          before,
                                          m)
                                      .map(ignored -> archive);
                                })
                            .collect()
                            .asList()
                            .map(
                                results ->
                                    new Changes(
                                        results.size(),
                                        (int) results.stream().filter(a -> a).count()))));
  }

  private Uni<Integer> capacity(Caller actor, String tenant, Capacity per, int limit) {
    return Panache.withTransaction(
        () ->
            memories
                .overCapacity(tenant, per, limit, config.maxChangesPerRun())
                .chain(
                    ids ->
                        archive(
                            actor,
                            ids,
                            "capacity: more than "
                                + limit
                                + " active memories per "
                                + per.noun())));
  }

  private Uni<Integer> archive(Caller actor, List<Long> ids, String reason) {
    if (ids.isEmpty()) {
      return Uni.createFrom().item(0);
    }
    Instant now = Instant.now();
    return memories
        .byIds(ids)
        .chain(
            rows ->
                Multi.createFrom()
                    .iterable(rows)
                    .onItem()
                    .transformToUniAndConcatenate(
                        m -> {
                          MemoryView before = MemoryView.of(m);
                          m.status = MemoryStatus.ARCHIVED;
                          m.archivedAt = now;
                          m.updatedAt = now;
                          m.statusReason = reason;
                          return journal.changed(actor, "memory.archive", before, m);
                        })
                    .collect()
                    .asList()
                    .map(List::size));
  }
}
