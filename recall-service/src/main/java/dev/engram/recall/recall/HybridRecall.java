package dev.engram.recall.recall;

import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.embedding.Embedder;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.SearchHit;
import dev.engram.recall.index.Visibility;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * Hybrid recall: one query embedding, bounded ranked lists (one per signal), fused by weighted
 * reciprocal rank fusion. The graph call starts first; the keyword and entity lists start on the
 * search executor while the query is embedded, then the dense lists join them, so a recall takes
 * about as long as its slowest list rather than the sum. If the graph fails or is late, its signal
 * is skipped and the result says why. When the conversational signals are on, a first fusion seeds
 * them and a second one ranks the answer. Plain Java, so it is tested without the application.
 */
public final class HybridRecall {

  /** Told how long each stage took ({@code embed} or a signal's wire name). */
  public interface StageTimer {
    void record(String stage, long nanos);

    /** Told that a signal was skipped; {@code kind} classifies why. */
    default void skipped(Signal signal, String kind) {}
  }

  private final IndexStore store;
  private final Embedder embedder;
  private final GraphNeighbours graph;
  private final RecallSettings settings;
  private final StageTimer timer;
  private final Executor searches;
  private final ReciprocalRankFusion fusion;
  private final Recency recency;
  private final CorpusSizes corpus;
  private final EntityLookup entities;
  private final ConversationEvidence evidence;
  private final GraphSignals graphSignals;
  private final Feedback feedback;

  /** Every list on the calling thread, one after the other. */
  public HybridRecall(
      IndexStore store,
      Embedder embedder,
      GraphNeighbours graph,
      RecallSettings settings,
      StageTimer timer) {
    this(store, embedder, graph, settings, timer, Runnable::run);
  }

  /** {@code graph} may be null: no graph signal at all. {@code searches} runs the index lists. */
  public HybridRecall(
      IndexStore store,
      Embedder embedder,
      GraphNeighbours graph,
      RecallSettings settings,
      StageTimer timer,
      Executor searches) {
    this.store = store;
    this.embedder = embedder;
    this.graph = graph;
    this.settings = settings;
    this.timer = timer;
    this.searches = searches;
    this.fusion = new ReciprocalRankFusion(settings.rrfK(), settings.weights());
    this.recency = new Recency(settings.halfLife(), settings.recencyResolution());
    this.corpus = new CorpusSizes(store);
    this.entities = new EntityLookup(store, settings.maxNames());
    this.evidence = new ConversationEvidence(store, settings.neighbourWindow(), searches);
    this.graphSignals = new GraphSignals(graph, store, settings.expansion(), timer);
    this.feedback = new Feedback(store);
  }

  public RecallResult recall(RecallQuery q, Instant now) {
    Visibility v = q.visibility(now);
    int n = Math.max(settings.candidates(), q.k());
    CompletableFuture<List<GraphNeighbours.Item>> linked = startGraph(q);
    Map<Signal, CompletableFuture<List<SearchHit>>> running = new EnumMap<>(Signal.class);
    double floor = settings.floor().at(corpus.of(v));
    if (on(Signal.KEYWORD)) {
      running.put(Signal.KEYWORD, start(Signal.KEYWORD, () -> store.keyword(q.text(), v, n)));
    }
    if (on(Signal.ENTITY) && settings.maxNames() > 0) {
      running.put(Signal.ENTITY, start(Signal.ENTITY, () -> entities.find(q.text(), v, n)));
    }
    boolean inThread = q.thread() != null && on(Signal.THREAD);
    if (on(Signal.SEMANTIC) || inThread) {
      long t = System.nanoTime();
      float[] vector = embedder.embed(List.of(q.text())).getFirst();
      timer.record("embed", System.nanoTime() - t);
      if (on(Signal.SEMANTIC)) {
        running.put(
            Signal.SEMANTIC, start(Signal.SEMANTIC, () -> above(floor, store.dense(vector, v, n))));
      }
      if (inThread) {
        Visibility thread = v.withFilters(v.filters().withThread(q.thread()));
        running.put(
            Signal.THREAD,
            start(Signal.THREAD, () -> above(floor, store.dense(vector, thread, n))));
      }
    }
    Map<Signal, List<SearchHit>> lists = new EnumMap<>(Signal.class);
    running.forEach((signal, list) -> lists.put(signal, join(list)));
    List<SkippedSignal> skipped = new ArrayList<>();
    if (linked != null) {
      long t = System.nanoTime();
      lists.put(Signal.GRAPH, graphSignals.hits(linked, Signal.GRAPH, v, n, skipped));
      timer.record(Signal.GRAPH.wire(), System.nanoTime() - t);
      if (on(Signal.CENTRALITY)) {
        lists.put(Signal.CENTRALITY, GraphSignals.centrality(linked, lists.get(Signal.GRAPH)));
      }
    }
    if (on(Signal.RECENCY)) {
      long t = System.nanoTime();
      lists.put(Signal.RECENCY, recency.rank(candidates(lists), q.reference(now)));
      timer.record(Signal.RECENCY.wire(), System.nanoTime() - t);
    }
    if (on(Signal.TIME)) {
      List<QueryTimes.Span> spans = QueryTimes.in(q.text(), q.reference(now));
      if (!spans.isEmpty()) {
        lists.put(Signal.TIME, QueryTimes.within(candidates(lists), spans));
      }
    }
    if (on(Signal.SESSION)
        || on(Signal.NEIGHBOUR)
        || on(Signal.SEED_NEIGHBOUR)
        || on(Signal.EXPANSION)
        || on(Signal.SPEAKER)
        || on(Signal.FEEDBACK)) {
      conversation(q, lists, v, n, skipped);
    }
    if (settings.ranking().foldSources()) {
      return new RecallResult(
          SourcePairs.fold(fusion.fuse(lists, Integer.MAX_VALUE), q.k()), skipped, floor);
    }
    return new RecallResult(fusion.fuse(lists, q.k()), skipped, floor);
  }

  /**
   * Adds the session, speaker, feedback, neighbour and graph-expansion lists, seeded by a first
   * fusion of the others.
   */
  private void conversation(
      RecallQuery q,
      Map<Signal, List<SearchHit>> lists,
      Visibility v,
      int n,
      List<SkippedSignal> skipped) {
    long t = System.nanoTime();
    List<FusedHit> first = fusion.fuse(lists, Integer.MAX_VALUE);
    if (on(Signal.SESSION)) {
      lists.put(Signal.SESSION, ConversationEvidence.sessions(first));
    }
    if (on(Signal.SPEAKER)) {
      lists.put(Signal.SPEAKER, SpeakerEvidence.named(q.text(), first));
    }
    if (on(Signal.FEEDBACK)) {
      long f = System.nanoTime();
      lists.put(Signal.FEEDBACK, feedback.hits(q.text(), first, v, n));
      timer.record(Signal.FEEDBACK.wire(), System.nanoTime() - f);
    }
    if (on(Signal.NEIGHBOUR) || on(Signal.SEED_NEIGHBOUR)) {
      List<FusedHit> seeds = first.subList(0, Math.min(settings.evidenceSeeds(), first.size()));
      ConversationEvidence.Neighbours found = evidence.neighbours(seeds, v, n);
      lists.put(Signal.NEIGHBOUR, found.others());
      lists.put(Signal.SEED_NEIGHBOUR, found.seeds());
    }
    if (on(Signal.SESSION) || on(Signal.NEIGHBOUR) || on(Signal.SEED_NEIGHBOUR)) {
      timer.record(Signal.NEIGHBOUR.wire(), System.nanoTime() - t);
    }
    if (on(Signal.EXPANSION) && graph != null) {
      lists.put(Signal.EXPANSION, graphSignals.expand(q, first, v, n, skipped));
    }
  }

  private boolean on(Signal signal) {
    return settings.weight(signal) > 0;
  }

  private CompletableFuture<List<SearchHit>> start(Signal signal, Supplier<List<SearchHit>> list) {
    return CompletableFuture.supplyAsync(
        () -> {
          long t = System.nanoTime();
          List<SearchHit> hits = list.get();
          timer.record(signal.wire(), System.nanoTime() - t);
          return hits;
        },
        searches);
  }

  /** A list's result; a search that failed fails the recall with its own error, as before. */
  static <T> T join(CompletableFuture<T> list) {
    try {
      return list.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }

  private CompletableFuture<List<GraphNeighbours.Item>> startGraph(RecallQuery q) {
    if (graph == null || !(on(Signal.GRAPH) || on(Signal.CENTRALITY))) {
      return null;
    }
    return graph.neighbours(
        new GraphNeighbours.Query(
            q.tenant(),
            q.agent(),
            q.chat(),
            q.text(),
            List.of(),
            settings.graphMaxHops(),
            settings.graphLimit(),
            q.filters().asOf(),
            q.mode()));
  }

  private static List<SearchHit> above(double floor, List<SearchHit> hits) {
    int keep = 0;
    while (keep < hits.size() && hits.get(keep).score() >= floor) {
      keep++; // best first, so the first one below the floor ends the list
    }
    return keep == hits.size() ? hits : hits.subList(0, keep);
  }

  private static List<IndexDocument> candidates(Map<Signal, List<SearchHit>> lists) {
    Map<DocKey, IndexDocument> pool = new LinkedHashMap<>();
    lists
        .values()
        .forEach(
            hits -> hits.forEach(h -> pool.putIfAbsent(DocKey.of(h.document()), h.document())));
    return List.copyOf(pool.values());
  }
}
