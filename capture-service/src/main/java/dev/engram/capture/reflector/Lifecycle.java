package dev.engram.capture.reflector;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryJournal;
import dev.engram.capture.memory.MemoryRepository;
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
 * the decaying sources that were not seen again for the grace period lose confidence (halving every
 * half-life); below the floor they are ARCHIVED. Capacity: above the limit of ACTIVE memories per
 * chat, per agent and per tenant, the least confident and least recently seen are ARCHIVED first.
 * Archived, never deleted; every change is audited and projected.
 */
@ApplicationScoped
class Lifecycle {

  private static final String OVER_CHAT =
      "select id from (select id, row_number() over (partition by agent, chat order by confidence"
          + " desc, last_seen_at desc, id desc) rn from memories where tenant = ?1 and status ="
          + " 'ACTIVE' and scope = 'CHAT') ranked where rn > ?2 limit ?3";
  private static final String OVER_AGENT =
      "select id from (select id, row_number() over (partition by agent order by confidence desc,"
          + " last_seen_at desc, id desc) rn from memories where tenant = ?1 and status = 'ACTIVE'"
          + " and agent is not null) ranked where rn > ?2 limit ?3";
  private static final String OVER_TENANT =
      "select id from (select id, row_number() over (order by confidence desc, last_seen_at desc,"
          + " id desc) rn from memories where tenant = ?1 and status = 'ACTIVE') ranked where rn >"
          + " ?2 limit ?3";

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
                capacity(actor, tenant, OVER_CHAT, config.maxPerChat(), "chat")
                    .chain(
                        chat ->
                            capacity(actor, tenant, OVER_AGENT, config.maxPerAgent(), "agent")
                                .chain(
                                    agent ->
                                        capacity(
                                                actor,
                                                tenant,
                                                OVER_TENANT,
                                                config.maxPerTenant(),
                                                "tenant")
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
            Memory.<Memory>find(
                    "tenant = ?1 and status = ?2 and source in ?3 and lastSeenAt < ?4"
                        + " and (decayedAt is null or decayedAt < ?5) order by lastSeenAt",
                    tenant,
                    MemoryStatus.ACTIVE,
                    config.decayingSources(),
                    now.minus(grace),
                    now.minus(config.decayHalfLife().dividedBy(DECAY_STEPS_PER_HALF_LIFE)))
                .page(0, config.maxChangesPerRun())
                .list()
                .chain(
                    rows ->
                        Multi.createFrom()
                            .iterable(rows)
                            .onItem()
                            .transformToUniAndConcatenate(
                                m -> {
                                  Instant from = m.lastSeenAt.plus(grace);
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
                                        "decayed: not seen since "
                                            + m.lastSeenAt
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

  private Uni<Integer> capacity(Caller actor, String tenant, String sql, int limit, String per) {
    return Panache.withTransaction(
        () ->
            Panache.getSession()
                .chain(
                    s ->
                        s.createNativeQuery(sql, Long.class)
                            .setParameter(1, tenant)
                            .setParameter(2, limit)
                            .setParameter(3, config.maxChangesPerRun())
                            .getResultList())
                .chain(
                    ids ->
                        archive(
                            actor,
                            ids,
                            "capacity: more than " + limit + " active memories per " + per)));
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
