package dev.engram.recall.context;

import static dev.engram.recall.context.RemoteParts.await;

import dev.engram.common.error.EngramException;
import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.config.ContextConfig;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.index.Filters;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.Page;
import dev.engram.recall.index.Visibility;
import dev.engram.recall.injection.InjectionLog;
import dev.engram.recall.injection.InjectionRecord;
import dev.engram.recall.recall.FusedHit;
import dev.engram.recall.recall.RecallQuery;
import dev.engram.recall.recall.RecallResult;
import dev.engram.recall.recall.RecallService;
import dev.engram.recall.usage.SurfacedLog;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Gathers what a context block is made of and has it packed into the budget: what other services
 * hold ({@link RemoteParts}: slots, the chat's recent turns and the canonical memories from
 * capture-service, the current facts and beliefs about the entities in play from graph-service;
 * started first, awaited late, while the request thread recalls), PROFILE memories,
 * highest-confidence memories, the memories about each person, recall on the query, and for a
 * long-horizon question the chat's summaries ({@link SummarySource}). Nothing the recall does waits
 * for another service's answer but its own graph call. Without one of the other services the block
 * is built without its part, and the answer says so.
 */
@ApplicationScoped
public class ContextService {

  private final MemoryLayers layers;
  private final RecallService recall;
  private final RemoteParts remote;
  private final UncertainBeliefs uncertain;
  private final RecallConfig config;
  private final ContextConfig context;
  private final TokenCounter tokens;
  private final ContextTemplates templates;
  private final ContextAssembler assembler;
  private final ContextMetrics metrics;
  private final SurfacedLog usage;
  private final InjectionLog injections;

  ContextService(
      IndexStore store,
      RecallService recall,
      RemoteParts remote,
      UncertainBeliefs uncertain,
      RecallConfig config,
      ContextConfig context,
      ContextMetrics metrics,
      SurfacedLog usage,
      InjectionLog injections) {
    this.metrics = metrics;
    this.usage = usage;
    this.injections = injections;
    this.layers = new MemoryLayers(store, context.candidates());
    this.recall = recall;
    this.remote = remote;
    this.uncertain = uncertain;
    this.config = config;
    this.context = context;
    var c = context;
    if (c.identityShare() + c.essentialShare() > 1.0) {
      throw new IllegalArgumentException(
          "engram.recall.context: identity-share + essential-share must not exceed 1");
    }
    if (c.peopleShare() + c.factsShare() + c.recentTurnsShare() > 1.0) {
      throw new IllegalArgumentException(
          "engram.recall.context: people-share + facts-share + recent-turns-share must not"
              + " exceed 1");
    }
    this.tokens = new TokenCounter(c.encoding());
    this.templates = ContextTemplates.of(c.templates());
    this.assembler =
        new ContextAssembler(
            tokens,
            templates,
            new ContextAssembler.Shares(
                c.identityShare(),
                c.essentialShare(),
                c.peopleShare(),
                c.factsShare(),
                c.recentTurnsShare()));
  }

  /** A context block as {@code POST /v1/context} answers it (also for the MCP tool). */
  public ContextResponse context(String tenant, ContextRequest r) {
    return context(tenant, r, InjectionRecord.CONTEXT);
  }

  /**
   * A context block, its injection record queued as {@code kind} ({@code context} or {@code
   * session_start}) when records are kept (see {@link InjectionLog}); null: none (the warm-up).
   */
  public ContextResponse context(String tenant, ContextRequest r, String kind) {
    long start = System.nanoTime();
    if (r.query() != null
        && r.query().getBytes(StandardCharsets.UTF_8).length > config.maxTextBytes()) {
      throw EngramException.invalid(
          "query", "max_bytes", "at most " + config.maxTextBytes() + " bytes");
    }
    RemoteParts.Pending parts = remote.ask(tenant, r);
    List<ContextResponse.Skipped> recallSkipped = new ArrayList<>();
    Map<DocKey, FusedHit> hits = new HashMap<>();
    ContextAssembler.Layer relevance = relevance(tenant, r, recallSkipped, hits);
    long indexStart = System.nanoTime();
    Visibility memories =
        Visibility.of(tenant, r.agent(), r.chat(), Set.of(DocKind.MEMORY), Instant.now())
            .withMode(r.mode());
    MemoryLayers.Read read = layers.read(memories, r.query());
    metrics.stage("index", System.nanoTime() - indexStart);
    long waitStart = System.nanoTime();
    List<ContextResponse.Skipped> skipped = new ArrayList<>();
    List<TurnSource.Turn> recent = await(parts.turns(), "recent_turns", skipped, List.of());
    List<Long> canonicalIds = await(parts.canonical(), "canonical", skipped, List.of());
    skipped.addAll(recallSkipped);
    FactSource.Facts current = await(parts.facts(), "facts", skipped, FactSource.Facts.NONE);
    List<String> doubts = uncertain.lines(await(parts.beliefs(), "beliefs", skipped, List.of()));
    List<SlotSource.Slot> loaded = await(parts.slots(), "slots", skipped, List.of());
    long packStart = System.nanoTime();
    metrics.stage("wait", packStart - waitStart);
    Page identity = layers.canonicalFirst(canonicalIds, read.profile(), memories);
    // People are filled before the identity layer and an item is shown once: without this, a
    // canonical memory about someone in the chat would land in their section, not first in
    // identity where a human's approval puts it (issue 17).
    Set<DocKey> promoted =
        canonicalIds.stream().map(id -> new DocKey(DocKind.MEMORY, id)).collect(Collectors.toSet());
    List<IndexDocument> pool =
        Stream.of(identity.documents(), read.essential().documents(), relevance.documents())
            .flatMap(List::stream)
            .toList();
    List<People.Person> persons =
        People.of(recent, r.agent(), context.maxPeople()).stream()
            .map(p -> layers.person(p, memories, pool, current, promoted))
            .toList();
    var assembled =
        assembler.assemble(
            r.budgetTokens(),
            new ContextAssembler.Parts(
                loaded,
                persons,
                current,
                recent,
                new ContextAssembler.Layer(identity.documents(), identity.total()),
                new ContextAssembler.Layer(read.essential().documents(), read.essential().total()),
                relevance,
                doubts,
                read.history()));
    usage.memories(tenant, shown(assembled.sections()), true);
    metrics.stage("pack", System.nanoTime() - packStart);
    long took = System.nanoTime() - start;
    metrics.assembled(took);
    ContextResponse answer =
        new ContextResponse(
            assembled.text(),
            assembled.tokens(),
            r.budgetTokens(),
            tokens.name(),
            assembled.sections().stream()
                .map(s -> ContextResponse.Section.of(s, templates, tokens))
                .toList(),
            skipped,
            took / 1_000_000);
    if (kind != null && injections.enabled()) {
      injections.offer(
          ContextInjections.of(
              tenant,
              r,
              kind,
              assembled.sections(),
              answer,
              new ContextInjections.Inputs(
                  hits,
                  List.of(
                      identity.documents(), read.essential().documents(), relevance.documents()),
                  loaded)));
    }
    return answer;
  }

  /** L2: recall on the query (none without one); its skipped signals and its hits are noted. */
  private ContextAssembler.Layer relevance(
      String tenant,
      ContextRequest r,
      List<ContextResponse.Skipped> skipped,
      Map<DocKey, FusedHit> hits) {
    if (r.query() == null || r.query().isBlank()) {
      return ContextAssembler.Layer.EMPTY;
    }
    long recallStart = System.nanoTime();
    RecallResult found =
        recall.recall(
            new RecallQuery(
                tenant,
                r.agent(),
                r.chat(),
                r.thread(),
                r.query(),
                context.candidates(),
                Set.of(DocKind.values()),
                Filters.NONE,
                r.mode()));
    metrics.stage("recall", System.nanoTime() - recallStart);
    found.skipped().forEach(s -> skipped.add(new ContextResponse.Skipped(s.signal(), s.reason())));
    found.hits().forEach(h -> hits.put(DocKey.of(h.document()), h));
    var documents = found.hits().stream().map(FusedHit::document).toList();
    return new ContextAssembler.Layer(documents, documents.size());
  }

  /** The memories the packed text shows: given to the agent, so "used" (see the README). */
  private static List<Long> shown(List<ContextSection> sections) {
    return sections.stream()
        .flatMap(s -> s.entries.stream())
        .filter(e -> e.key() != null && e.key().kind() == DocKind.MEMORY)
        .map(e -> e.key().id())
        .distinct()
        .toList();
  }
}
