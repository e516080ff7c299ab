package dev.engram.recall.context;

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
import dev.engram.recall.recall.FusedHit;
import dev.engram.recall.recall.ProperNouns;
import dev.engram.recall.recall.RecallQuery;
import dev.engram.recall.recall.RecallResult;
import dev.engram.recall.recall.RecallService;
import dev.engram.recall.usage.SurfacedLog;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Gathers what a context block is made of and has it packed into the budget: slots, the chat's
 * recent turns and the canonical memories from capture-service (one request, started first, awaited
 * late), the current facts about the entities in play from graph-service (asked as soon as the
 * turns name the chat's people, while the request thread recalls), PROFILE memories,
 * highest-confidence memories, the memories about each person, recall on the query, and for a
 * long-horizon question the chat's summaries ({@link SummarySource}). Nothing the recall does waits
 * for another service's answer but its own graph call. Without one of the other services the block
 * is built without its part, and the answer says so.
 */
@ApplicationScoped
public class ContextService {

  /** Proper nouns of the recent turns sent to the graph besides the people. */
  private static final int TURN_ENTITIES = 10;

  private final MemoryLayers layers;
  private final RecallService recall;
  private final CaptureParts capture;
  private final FactSource facts;
  private final BeliefSource beliefs;
  private final UncertainBeliefs uncertain;
  private final RecallConfig config;
  private final ContextConfig context;
  private final TokenCounter tokens;
  private final ContextTemplates templates;
  private final ContextAssembler assembler;
  private final ContextMetrics metrics;
  private final SurfacedLog usage;

  ContextService(
      IndexStore store,
      RecallService recall,
      CaptureParts capture,
      FactSource facts,
      BeliefSource beliefs,
      UncertainBeliefs uncertain,
      RecallConfig config,
      ContextConfig context,
      ContextMetrics metrics,
      SurfacedLog usage) {
    this.metrics = metrics;
    this.usage = usage;
    this.layers = new MemoryLayers(store, context.candidates());
    this.recall = recall;
    this.capture = capture;
    this.facts = facts;
    this.beliefs = beliefs;
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
    long start = System.nanoTime();
    if (r.query() != null
        && r.query().getBytes(StandardCharsets.UTF_8).length > config.maxTextBytes()) {
      throw EngramException.invalid(
          "query", "max_bytes", "at most " + config.maxTextBytes() + " bytes");
    }
    Remote remote = ask(tenant, r);
    List<ContextResponse.Skipped> recallSkipped = new ArrayList<>();
    ContextAssembler.Layer relevance = relevance(tenant, r, recallSkipped);
    long indexStart = System.nanoTime();
    Visibility memories =
        Visibility.of(tenant, r.agent(), r.chat(), Set.of(DocKind.MEMORY), Instant.now())
            .withMode(r.mode());
    MemoryLayers.Read read = layers.read(memories, r.query());
    metrics.stage("index", System.nanoTime() - indexStart);
    long waitStart = System.nanoTime();
    List<ContextResponse.Skipped> skipped = new ArrayList<>();
    List<TurnSource.Turn> recent = await(remote.turns(), "recent_turns", skipped, List.of());
    List<Long> canonicalIds = await(remote.canonical(), "canonical", skipped, List.of());
    skipped.addAll(recallSkipped);
    FactSource.Facts current = await(remote.facts(), "facts", skipped, FactSource.Facts.NONE);
    List<String> doubts = uncertain.lines(await(remote.beliefs(), "beliefs", skipped, List.of()));
    List<SlotSource.Slot> loaded = await(remote.slots(), "slots", skipped, List.of());
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
    return new ContextResponse(
        assembled.text(),
        assembled.tokens(),
        r.budgetTokens(),
        tokens.name(),
        assembled.sections().stream()
            .map(s -> ContextResponse.Section.of(s, templates, tokens))
            .toList(),
        skipped,
        took / 1_000_000);
  }

  /** What other services are asked for one block, each part with its own deadline. */
  private record Remote(
      CompletableFuture<List<SlotSource.Slot>> slots,
      CompletableFuture<List<TurnSource.Turn>> turns,
      CompletableFuture<List<Long>> canonical,
      CompletableFuture<FactSource.Facts> facts,
      CompletableFuture<List<BeliefSource.Belief>> beliefs) {}

  /**
   * Starts the other services' parts: slots, turns and canonical ids in one request to
   * capture-service (each part keeps its own deadline and, failed or late, its own entry in
   * skipped); the facts and beliefs, which need the chat's people, in one request to graph-service
   * as soon as the turns arrive (turns that failed put no one in play), while this thread recalls
   * and reads the index.
   */
  private Remote ask(String tenant, ContextRequest r) {
    var c = context;
    int recentTurns = r.recentTurns() == null ? c.recentTurns() : r.recentTurns();
    boolean turnsAsked = r.chat() != null && recentTurns != 0;
    CaptureParts.Pending parts =
        capture.ask(
            tenant,
            r.agent(),
            r.chat(),
            r.session(),
            r.thread(),
            r.mode(),
            turnsAsked ? recentTurns : 0);
    CompletableFuture<List<TurnSource.Turn>> turns =
        turnsAsked
            ? metrics.timed("recent_turns", parts.turns())
            : CompletableFuture.completedFuture(List.of());
    CompletableFuture<List<String>> entities =
        turns
            .exceptionally(failed -> List.of())
            .thenApply(recent -> entities(People.of(recent, r.agent(), c.maxPeople()), recent));
    int beliefsLimit = uncertain.enabled() ? uncertain.limit() : 0;
    CompletableFuture<FactSource.Found> graph =
        entities.thenCompose(
            names -> {
              if (!asked(names, r)) {
                return CompletableFuture.completedFuture(
                    new FactSource.Found(FactSource.Facts.NONE, List.of()));
              }
              var ask =
                  new FactSource.Ask(
                      tenant,
                      r.agent(),
                      r.chat(),
                      r.mode(),
                      r.query(),
                      names,
                      c.factsLimit(),
                      beliefsLimit);
              return facts.current(ask).thenCompose(found -> withBeliefs(found, ask, beliefsLimit));
            });
    return new Remote(
        metrics.timed("slots", parts.slots()),
        turns,
        metrics.timed("canonical", parts.canonical()),
        metrics.timed("facts", graph.thenApply(FactSource.Found::facts)),
        metrics.timed("beliefs", graph.thenApply(FactSource.Found::beliefs)));
  }

  /**
   * The beliefs came with the facts unless none were asked for, or the graph-service predates them
   * (a rolling upgrade): then they are asked for on their own, as before.
   */
  private CompletableFuture<FactSource.Found> withBeliefs(
      FactSource.Found found, FactSource.Ask ask, int beliefsLimit) {
    if (beliefsLimit == 0 || found.beliefs() != null) {
      return CompletableFuture.completedFuture(
          found.beliefs() == null ? new FactSource.Found(found.facts(), List.of()) : found);
    }
    return beliefs
        .about(ask.tenant(), ask.mode(), ask.text(), ask.entities(), beliefsLimit)
        .thenApply(more -> new FactSource.Found(found.facts(), more))
        .exceptionally(failed -> new FactSource.Found(found.facts(), List.of()));
  }

  /** L2: recall on the query (none without one); its skipped signals are noted. */
  private ContextAssembler.Layer relevance(
      String tenant, ContextRequest r, List<ContextResponse.Skipped> skipped) {
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
    var documents = found.hits().stream().map(FusedHit::document).toList();
    return new ContextAssembler.Layer(documents, documents.size());
  }

  /** Whether the graph is asked at all: something is in play, or there is a question. */
  private static boolean asked(List<String> entities, ContextRequest r) {
    return !entities.isEmpty() || (r.query() != null && !r.query().isBlank());
  }

  /** The people first, then the names the recent turns mention. */
  private static List<String> entities(List<String> people, List<TurnSource.Turn> recent) {
    Set<String> names = new LinkedHashSet<>(people);
    String said = String.join("\n", recent.stream().map(TurnSource.Turn::text).toList());
    names.addAll(ProperNouns.in(said, TURN_ENTITIES));
    return List.copyOf(names);
  }

  /** The source's answer, or {@code fallback} with the reason listed in {@code skipped}. */
  private static <T> T await(
      CompletableFuture<T> pending,
      String source,
      List<ContextResponse.Skipped> skipped,
      T fallback) {
    try {
      return pending.join();
    } catch (CompletionException e) {
      skipped.add(
          new ContextResponse.Skipped(source, reason(e.getCause() == null ? e : e.getCause())));
      return fallback;
    }
  }

  /**
   * Why a source was skipped, never null: the failure's message, or what kind of failure it was
   * when it has none (a timeout's exception usually carries no message, and the CLI printed
   * "without recent_turns: null").
   */
  static String reason(Throwable failure) {
    String message = failure.getMessage();
    if (message != null && !message.isBlank()) {
      return message;
    }
    if (failure instanceof TimeoutException) {
      return "did not answer in time";
    }
    return "failed (" + failure.getClass().getSimpleName() + ")";
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
