package dev.engram.capture.summary;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.gate.PoisoningGate;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryCategory;
import dev.engram.capture.memory.MemoryJournal;
import dev.engram.capture.memory.MemoryRepository;
import dev.engram.capture.memory.MemoryScope;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.capture.memory.Provenance;
import dev.engram.capture.relation.RelationLedger;
import dev.engram.capture.relation.RelationType;
import dev.engram.common.Sha256;
import dev.engram.common.auth.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Writes one summary in one transaction: the memory (through the poisoning gate like any memory the
 * Reflector writes), the supersede of the period's previous version, and a DERIVED_FROM relation to
 * each summary it was made of. A day summary's provenance lists the exchanges its sentences came
 * from; its children are the day's exchanges (see {@link SummaryChildren}).
 */
@ApplicationScoped
class SummaryWriter {

  static final String SOURCE = "summary";
  static final String EXTRACTOR = "textrank";
  static final String VERSION = "1";

  /** Metadata keys. */
  static final String LEVEL = "level";

  static final String START = "period_start";
  static final String END = "period_end";
  static final String SHA = "children_sha256";
  static final String CHILDREN = "children";

  private static final double CONFIDENCE = 0.6;

  /** What a summarizer made of a period: its lines, and who made them (for the provenance). */
  record Draft(List<ExtractiveSummarizer.Line> lines, String extractor, String version) {}

  private final PoisoningGate gate;
  private final MemoryJournal journal;
  private final MemoryRepository memories;
  private final RelationLedger relations;
  private final SummaryQueries queries;
  private final int maxChars;

  SummaryWriter(
      PoisoningGate gate,
      MemoryJournal journal,
      MemoryRepository memories,
      RelationLedger relations,
      SummaryQueries queries,
      CaptureConfig config) {
    this.gate = gate;
    this.journal = journal;
    this.memories = memories;
    this.relations = relations;
    this.queries = queries;
    this.maxChars = config.limits().maxMemoryChars();
  }

  /** What identifies the children of a version: a new set means a new version. */
  static String fingerprint(List<Long> children) {
    return Sha256.hex(children.stream().map(String::valueOf).collect(Collectors.joining(",")));
  }

  /**
   * Writes the period's summary unless another writer (a second replica, or the schedule racing a
   * triggered run) made this version already; returns the summary, or null when it did. The
   * period's transaction-scoped advisory lock serialises writers of one period, and the period's
   * current summary is read again under it, so two writers never leave two versions ACTIVE.
   */
  Uni<Memory> write(String tenant, Summaries.Period p, Draft draft, List<Long> children) {
    Caller actor = new Caller("system:reflector", tenant, Set.of());
    Memory m = draft(tenant, p, draft, children, actor);
    gate.check("memory", m.text).ifPresent(m::quarantine);
    String sha = fingerprint(children);
    return Panache.withTransaction(
        () ->
            queries
                .lockPeriod(tenant, p)
                .chain(() -> queries.currentSummary(tenant, p))
                .chain(
                    previous -> {
                      if (previous != null
                          && previous.metadata != null
                          && sha.equals(previous.metadata.get(SHA))) {
                        return Uni.createFrom().nullItem();
                      }
                      boolean replaces = previous != null && m.status == MemoryStatus.ACTIVE;
                      if (replaces) {
                        m.supersedes = previous.id;
                      }
                      return m.persist()
                          .chain(() -> journal.created(actor, m))
                          .chain(
                              () ->
                                  replaces
                                      ? supersede(actor, tenant, previous.id, m)
                                      : Uni.createFrom().voidItem())
                          .chain(() -> derive(actor, p, m, children))
                          .replaceWith(m);
                    }));
  }

  private Uni<Void> supersede(Caller actor, String tenant, long previous, Memory by) {
    return memories
        .inTenant(tenant, previous)
        .chain(
            old ->
                old == null || old.status != MemoryStatus.ACTIVE
                    ? Uni.createFrom().voidItem()
                    : journal
                        .supersede(
                            actor, List.of(old), by, "the summary of its period was made again")
                        .replaceWithVoid());
  }

  /** DERIVED_FROM the summaries below; a quarantined summary links to nothing until released. */
  private Uni<Void> derive(Caller actor, Summaries.Period p, Memory m, List<Long> children) {
    if (p.level() == SummaryLevel.DAY || m.status != MemoryStatus.ACTIVE) {
      return Uni.createFrom().voidItem();
    }
    return Multi.createFrom()
        .iterable(children)
        .onItem()
        .transformToUniAndConcatenate(
            child -> relations.create(actor, m.id, child, RelationType.DERIVED_FROM, 1.0))
        .collect()
        .last()
        .replaceWithVoid();
  }

  private Memory draft(
      String tenant, Summaries.Period p, Draft draft, List<Long> children, Caller actor) {
    List<ExtractiveSummarizer.Line> picked = draft.lines();
    String where = p.thread() == null ? p.chat() : p.chat() + ", thread " + p.thread();
    StringBuilder text =
        new StringBuilder("Summary of ")
            .append(p.level().label(p.start()))
            .append(" in ")
            .append(where)
            .append(':');
    picked.forEach(l -> text.append('\n').append(l.render()));
    String body = text.length() > maxChars ? text.substring(0, maxChars) : text.toString();
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put(LEVEL, p.level().wire());
    metadata.put(START, p.start().toString());
    metadata.put(END, p.level().end(p.start()).toString());
    metadata.put("chat", p.chat());
    if (p.thread() != null) {
      metadata.put("thread", p.thread());
    }
    metadata.put(CHILDREN, Integer.toString(children.size()));
    metadata.put(SHA, fingerprint(children));
    List<Long> sources =
        picked.stream()
            .map(ExtractiveSummarizer.Line::exchangeId)
            .filter(Objects::nonNull)
            .distinct()
            .toList();
    Instant now = Instant.now();
    Memory m =
        Memory.create(
            new Memory.Place(
                tenant, p.agent(), p.chat(), p.thread(), null, MemoryScope.CHAT, p.mode()),
            MemoryCategory.SUMMARY,
            body,
            CONFIDENCE,
            SOURCE,
            actor.keyId(),
            now);
    m.provenance = new Provenance(sources, draft.extractor(), null, draft.version());
    m.metadata = metadata;
    return m;
  }
}
