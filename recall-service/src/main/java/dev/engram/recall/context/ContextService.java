package dev.engram.recall.context;

import dev.engram.common.error.EngramException;
import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.index.Filters;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.Page;
import dev.engram.recall.index.SearchHit;
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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
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

  static final String PROFILE = "PROFILE";

  /** Proper nouns of the recent turns sent to the graph besides the people. */
  private static final int TURN_ENTITIES = 10;

  private final IndexStore store;
  private final RecallService recall;
  private final CaptureParts capture;
  private final FactSource facts;
  private final BeliefSource beliefs;
  private final UncertainBeliefs uncertain;
  private final RecallConfig config;
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
      ContextMetrics metrics,
      SurfacedLog usage) {
    this.metrics = metrics;
    this.usage = usage;
    this.store = store;
    this.recall = recall;
    this.capture = capture;
    this.facts = facts;
    this.beliefs = beliefs;
    this.uncertain = uncertain;
    this.config = config;
    var c = config.context();
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
    var c = config.context();
    int recentTurns = r.recentTurns() == null ? c.recentTurns() : r.recentTurns();
    boolean turnsAsked = r.chat() != null && recentTurns != 0;
    // Slots, turns and canonical ids come in one request to capture-service; each part keeps its
    // own deadline and, failed or late, its own entry in skipped.
    CaptureParts.Pending parts =
        capture.ask(
            tenant,
            r.agent(),
            r.chat(),
            r.session(),
            r.thread(),
            r.mode(),
            turnsAsked ? recentTurns : 0);
    CompletableFuture<List<SlotSource.Slot>> pendingSlots = metrics.timed("slots", parts.slots());
    CompletableFuture<List<TurnSource.Turn>> pendingTurns =
        turnsAsked
            ? metrics.timed("recent_turns", parts.turns())
            : CompletableFuture.completedFuture(List.of());
    CompletableFuture<List<Long>> pendingCanonical = metrics.timed("canonical", parts.canonical());
    // The facts and beliefs need the chat's people, so they are asked as soon as the turns arrive
    // (turns that failed put no one in play), while this thread recalls and reads the index.
    CompletableFuture<List<String>> pendingEntities =
        pendingTurns
            .exceptionally(failed -> List.of())
            .thenApply(recent -> entities(People.of(recent, r.agent(), c.maxPeople()), recent));
    CompletableFuture<FactSource.Facts> pendingFacts =
        pendingEntities.thenCompose(
            entities ->
                asked(entities, r)
                    ? metrics.timed(
                        "facts",
                        facts.current(
                            tenant,
                            r.agent(),
                            r.chat(),
                            r.mode(),
                            r.query(),
                            entities,
                            c.factsLimit()))
                    : CompletableFuture.completedFuture(FactSource.Facts.NONE));
    CompletableFuture<List<BeliefSource.Belief>> pendingBeliefs =
        pendingEntities.thenCompose(
            entities ->
                asked(entities, r) && uncertain.enabled()
                    ? metrics.timed(
                        "beliefs",
                        beliefs.about(tenant, r.mode(), r.query(), entities, uncertain.limit()))
                    : CompletableFuture.completedFuture(List.of()));
    int n = c.candidates();
    ContextAssembler.Layer relevance = ContextAssembler.Layer.EMPTY;
    List<ContextResponse.Skipped> recallSkipped = new ArrayList<>();
    if (r.query() != null && !r.query().isBlank()) {
      long recallStart = System.nanoTime();
      RecallResult found =
          recall.recall(
              new RecallQuery(
                  tenant,
                  r.agent(),
                  r.chat(),
                  r.thread(),
                  r.query(),
                  n,
                  Set.of(DocKind.values()),
                  Filters.NONE,
                  r.mode()));
      metrics.stage("recall", System.nanoTime() - recallStart);
      found
          .skipped()
          .forEach(s -> recallSkipped.add(new ContextResponse.Skipped(s.signal(), s.reason())));
      var documents = found.hits().stream().map(FusedHit::document).toList();
      relevance = new ContextAssembler.Layer(documents, documents.size());
    }
    long indexStart = System.nanoTime();
    Visibility memories =
        new Visibility(tenant, r.agent(), r.chat(), Set.of(DocKind.MEMORY), Instant.now())
            .withMode(r.mode());
    Page profile = store.byConfidence(memories.withFilters(only(PROFILE)), n);
    Page essential =
        store.byConfidence(memories.withFilters(except(PROFILE, SummarySource.SUMMARY)), n);
    ContextAssembler.Layer history =
        SummarySource.longHorizon(r.query())
            ? SummarySource.of(store, memories, n)
            : ContextAssembler.Layer.EMPTY;
    metrics.stage("index", System.nanoTime() - indexStart);
    long waitStart = System.nanoTime();
    List<ContextResponse.Skipped> skipped = new ArrayList<>();
    List<TurnSource.Turn> recent = await(pendingTurns, "recent_turns", skipped, List.of());
    List<Long> canonicalIds = await(pendingCanonical, "canonical", skipped, List.of());
    skipped.addAll(recallSkipped);
    FactSource.Facts current = await(pendingFacts, "facts", skipped, FactSource.Facts.NONE);
    List<String> doubts = uncertain.lines(await(pendingBeliefs, "beliefs", skipped, List.of()));
    List<SlotSource.Slot> loaded = await(pendingSlots, "slots", skipped, List.of());
    long packStart = System.nanoTime();
    metrics.stage("wait", packStart - waitStart);
    Page identity = canonicalFirst(canonicalIds, profile, memories);
    // People are filled before the identity layer and an item is shown once: without this, a
    // canonical memory about someone in the chat would land in their section, not first in
    // identity where a human's approval puts it (issue 17).
    Set<DocKey> promoted =
        canonicalIds.stream().map(id -> new DocKey(DocKind.MEMORY, id)).collect(Collectors.toSet());
    List<String> people = People.of(recent, r.agent(), c.maxPeople());
    List<IndexDocument> pool =
        Stream.of(identity.documents(), essential.documents(), relevance.documents())
            .flatMap(List::stream)
            .toList();
    List<People.Person> persons =
        people.stream().map(p -> person(p, memories, pool, current, promoted)).toList();
    var assembled =
        assembler.assemble(
            r.budgetTokens(),
            new ContextAssembler.Parts(
                loaded,
                persons,
                current,
                recent,
                new ContextAssembler.Layer(identity.documents(), identity.total()),
                new ContextAssembler.Layer(essential.documents(), essential.total()),
                relevance,
                doubts,
                history));
    usage.memories(tenant, shown(assembled.sections()), true);
    metrics.stage("pack", System.nanoTime() - packStart);
    long took = System.nanoTime() - start;
    metrics.assembled(took);
    return new ContextResponse(
        assembled.text(),
        assembled.tokens(),
        r.budgetTokens(),
        tokens.name(),
        assembled.sections().stream().map(this::section).toList(),
        skipped,
        took / 1_000_000);
  }

  /** Whether the graph is asked at all: something is in play, or there is a question. */
  private static boolean asked(List<String> entities, ContextRequest r) {
    return !entities.isEmpty() || (r.query() != null && !r.query().isBlank());
  }

  /**
   * What is known about one person: the memories naming them (a keyword search for the name, plus
   * any gathered memory whose metadata says it is about them), PROFILE first; the facts about them.
   */
  private People.Person person(
      String name,
      Visibility memories,
      List<IndexDocument> pool,
      FactSource.Facts current,
      Set<DocKey> promoted) {
    Map<DocKey, IndexDocument> found = new LinkedHashMap<>();
    store.keyword(name, memories, config.context().candidates()).stream()
        .map(SearchHit::document)
        .forEach(d -> found.putIfAbsent(DocKey.of(d), d));
    pool.stream()
        .filter(d -> d.kind() == DocKind.MEMORY)
        .forEach(d -> found.putIfAbsent(DocKey.of(d), d));
    List<IndexDocument> about =
        found.values().stream()
            .filter(d -> People.about(d, name) && !promoted.contains(DocKey.of(d)))
            .sorted(Comparator.comparingInt(d -> PROFILE.equals(d.category()) ? 0 : 1))
            .toList();
    List<FactSource.Fact> theirs =
        current.facts().stream().filter(f -> People.about(f, name)).toList();
    return new People.Person(name, about, theirs);
  }

  /**
   * The identity layer: the memories a human promoted (canonical) first, in capture's order, then
   * the PROFILE memories by confidence. A canonical memory the index does not show this agent (or
   * not yet) is left out.
   */
  private Page canonicalFirst(List<Long> ids, Page profile, Visibility memories) {
    if (ids.isEmpty()) {
      return profile;
    }
    Map<DocKey, IndexDocument> found = new LinkedHashMap<>();
    store
        .get(ids.stream().map(id -> new DocKey(DocKind.MEMORY, id)).toList(), memories)
        .forEach(d -> found.put(DocKey.of(d), d));
    List<IndexDocument> first = new ArrayList<>();
    ids.stream()
        .map(id -> found.get(new DocKey(DocKind.MEMORY, id)))
        .filter(d -> d != null)
        .forEach(first::add);
    Set<DocKey> promoted = new LinkedHashSet<>(first.stream().map(DocKey::of).toList());
    List<IndexDocument> rest =
        profile.documents().stream().filter(d -> !promoted.contains(DocKey.of(d))).toList();
    long added = first.size() - (profile.documents().size() - rest.size());
    List<IndexDocument> layer = new ArrayList<>(first);
    layer.addAll(rest);
    return new Page(layer, profile.total() + added);
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
      String why = e.getCause() == null ? e.getMessage() : e.getCause().getMessage();
      skipped.add(new ContextResponse.Skipped(source, why));
      return fallback;
    }
  }

  private ContextResponse.Section section(ContextSection s) {
    String text = s.text(templates);
    return new ContextResponse.Section(
        s.name,
        s.layer,
        s.heading,
        text,
        tokens.count(text),
        s.budget,
        s.isSlot() ? 1 : s.candidates,
        s.isSlot() ? (s.rendered() ? 1 : 0) : s.entries.size(),
        s.omitted(),
        s.truncated,
        s.entries.stream()
            .filter(e -> !s.layer.equals(ContextSection.BELIEFS)) // no id an item can carry
            .map(
                e ->
                    e.key() == null
                        ? new ContextResponse.ItemRef("fact", e.fact())
                        : new ContextResponse.ItemRef(e.key().kind().wire(), e.key().id()))
            .toList());
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

  private static Filters only(String category) {
    return new Filters(Set.of(category), null, null, false, null, null, null, null, null);
  }

  private static Filters except(String... categories) {
    return new Filters(null, Set.of(categories), null, false, null, null, null, null, null);
  }
}
