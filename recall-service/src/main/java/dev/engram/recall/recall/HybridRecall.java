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

/**
 * Hybrid recall: one query embedding, bounded ranked lists (one per signal), fused by weighted
 * reciprocal rank fusion. The graph call starts first and runs while the local searches do; if it
 * fails or is late, its signal is skipped and the result says why. Plain Java, so it is tested
 * without the application around it.
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
  private final ReciprocalRankFusion fusion;
  private final Recency recency;
  private final CorpusSizes corpus;

  /** {@code graph} may be null: no graph signal at all. */
  public HybridRecall(
      IndexStore store,
      Embedder embedder,
      GraphNeighbours graph,
      RecallSettings settings,
      StageTimer timer) {
    this.store = store;
    this.embedder = embedder;
    this.graph = graph;
    this.settings = settings;
    this.timer = timer;
    this.fusion = new ReciprocalRankFusion(settings.rrfK(), settings.weights());
    this.recency = new Recency(settings.halfLife());
    this.corpus = new CorpusSizes(store);
  }

  public RecallResult recall(RecallQuery q, Instant now) {
    Visibility v = q.visibility(now);
    int n = Math.max(settings.candidates(), q.k());
    CompletableFuture<List<GraphNeighbours.Item>> linked = startGraph(q);
    Map<Signal, List<SearchHit>> lists = new EnumMap<>(Signal.class);
    double floor = settings.floor().at(corpus.of(q.tenant()));
    boolean dense = on(Signal.SEMANTIC) || (q.thread() != null && on(Signal.THREAD));
    long t = System.nanoTime();
    float[] vector = dense ? embedder.embed(List.of(q.text())).getFirst() : null;
    t = lap("embed", t);
    if (on(Signal.SEMANTIC)) {
      lists.put(Signal.SEMANTIC, above(floor, store.dense(vector, v, n)));
      t = lap(Signal.SEMANTIC.wire(), t);
    }
    if (on(Signal.KEYWORD)) {
      lists.put(Signal.KEYWORD, store.keyword(q.text(), v, n));
      t = lap(Signal.KEYWORD.wire(), t);
    }
    if (q.thread() != null && on(Signal.THREAD)) {
      Visibility inThread = v.withFilters(v.filters().withThread(q.thread()));
      lists.put(Signal.THREAD, above(floor, store.dense(vector, inThread, n)));
      t = lap(Signal.THREAD.wire(), t);
    }
    if (on(Signal.ENTITY) && settings.maxNames() > 0) {
      lists.put(Signal.ENTITY, entities(q.text(), v, n));
      t = lap(Signal.ENTITY.wire(), t);
    }
    List<SkippedSignal> skipped = new ArrayList<>();
    if (linked != null) {
      lists.put(Signal.GRAPH, graphHits(linked, v, n, skipped));
      t = lap(Signal.GRAPH.wire(), t);
    }
    if (on(Signal.RECENCY)) {
      lists.put(Signal.RECENCY, recency.rank(candidates(lists), q.reference(now)));
      lap(Signal.RECENCY.wire(), t);
    }
    return new RecallResult(fusion.fuse(lists, q.k()), skipped, floor);
  }

  private boolean on(Signal signal) {
    return settings.weight(signal) > 0;
  }

  private CompletableFuture<List<GraphNeighbours.Item>> startGraph(RecallQuery q) {
    if (graph == null || !on(Signal.GRAPH)) {
      return null;
    }
    return graph.neighbours(
        new GraphNeighbours.Query(
            q.tenant(),
            q.agent(),
            q.chat(),
            q.text(),
            settings.graphMaxHops(),
            settings.graphLimit(),
            q.filters().asOf()));
  }

  /** The graph's items that exist here and pass the filters, in the graph's order. */
  private List<SearchHit> graphHits(
      CompletableFuture<List<GraphNeighbours.Item>> linked,
      Visibility v,
      int n,
      List<SkippedSignal> skipped) {
    List<GraphNeighbours.Item> items;
    try {
      items = linked.join();
    } catch (CompletionException e) {
      String kind = "error";
      String reason = "graph-service failed";
      if (e.getCause() instanceof GraphNeighbours.Unavailable u) {
        kind = u.kind();
        reason = u.getMessage();
      }
      skipped.add(new SkippedSignal(Signal.GRAPH.wire(), reason));
      timer.skipped(Signal.GRAPH, kind);
      return List.of();
    }
    Map<DocKey, Double> scores = new LinkedHashMap<>();
    for (GraphNeighbours.Item item : items) {
      if (scores.size() >= n) {
        break;
      }
      scores.putIfAbsent(new DocKey(item.kind(), item.id()), item.score());
    }
    Map<DocKey, IndexDocument> found = new LinkedHashMap<>();
    for (IndexDocument d : store.get(scores.keySet(), v)) {
      found.put(DocKey.of(d), d);
    }
    List<SearchHit> hits = new ArrayList<>(found.size());
    scores.forEach(
        (key, score) -> {
          IndexDocument d = found.get(key);
          if (d != null) {
            hits.add(new SearchHit(d, score));
          }
        });
    return hits;
  }

  /**
   * Items that contain a proper noun of the query verbatim, most names matched first; the score is
   * the number of names. Each name is looked up by BM25 (bounded), then checked word for word. A
   * name that fills the whole list is not distinctive (the user's own name, a speaker prefix on
   * every turn) and is skipped: injecting it would push the same common items over everything.
   */
  private List<SearchHit> entities(String query, Visibility v, int n) {
    Map<DocKey, IndexDocument> docs = new LinkedHashMap<>();
    Map<DocKey, Integer> matches = new LinkedHashMap<>();
    for (String name : ProperNouns.in(query, settings.maxNames())) {
      List<IndexDocument> naming =
          store.keyword(name, v, n).stream()
              .map(SearchHit::document)
              .filter(d -> ProperNouns.mentions(d.text(), name))
              .toList();
      if (naming.size() >= n) {
        continue;
      }
      for (IndexDocument d : naming) {
        docs.putIfAbsent(DocKey.of(d), d);
        matches.merge(DocKey.of(d), 1, Integer::sum);
      }
    }
    return matches.entrySet().stream()
        .sorted(Map.Entry.<DocKey, Integer>comparingByValue().reversed())
        .limit(n)
        .map(e -> new SearchHit(docs.get(e.getKey()), e.getValue()))
        .toList();
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

  private long lap(String stage, long since) {
    long now = System.nanoTime();
    timer.record(stage, now - since);
    return now;
  }
}
