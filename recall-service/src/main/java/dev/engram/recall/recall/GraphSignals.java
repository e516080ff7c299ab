package dev.engram.recall.recall;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.SearchHit;
import dev.engram.recall.index.Visibility;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The lists recall takes from graph-service: the graph's items as they exist here ({@code graph}),
 * the same items ranked by the centrality of the entity they were reached from ({@code
 * centrality}), and the neighbours of the first fusion's best memories ({@code expansion}). The
 * graph is optional: a call that fails or is late makes its signal skipped (and said so), never the
 * recall failed or stalled.
 */
final class GraphSignals {

  private final GraphNeighbours graph;
  private final IndexStore store;
  private final RecallSettings.Expansion expansion;
  private final HybridRecall.StageTimer timer;

  GraphSignals(
      GraphNeighbours graph,
      IndexStore store,
      RecallSettings.Expansion expansion,
      HybridRecall.StageTimer timer) {
    this.graph = graph;
    this.store = store;
    this.expansion = expansion;
    this.timer = timer;
  }

  /** The items of an answer that exist here and pass the filters, in the graph's order. */
  List<SearchHit> hits(
      CompletableFuture<List<GraphNeighbours.Item>> answer,
      Signal signal,
      Visibility v,
      int n,
      List<SkippedSignal> skipped) {
    List<GraphNeighbours.Item> items = items(answer, signal, skipped);
    Map<DocKey, Double> scores = new LinkedHashMap<>();
    for (GraphNeighbours.Item item : items) {
      if (scores.size() >= n) {
        break;
      }
      scores.putIfAbsent(new DocKey(item.kind(), item.id()), item.score());
    }
    if (scores.isEmpty()) {
      return List.of();
    }
    Map<DocKey, IndexDocument> found = new HashMap<>();
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
   * The graph list's items reached from an entity of known centrality, most central first; items of
   * one entity score alike and so share a rank (the tie rule): centrality orders entities, never
   * the items of one.
   */
  static List<SearchHit> centrality(
      CompletableFuture<List<GraphNeighbours.Item>> answer, List<SearchHit> graphHits) {
    if (answer == null || !answer.isDone() || answer.isCompletedExceptionally()) {
      return List.of();
    }
    Map<DocKey, Double> central = new HashMap<>();
    answer
        .join()
        .forEach(i -> central.merge(new DocKey(i.kind(), i.id()), i.centrality(), Math::max));
    return graphHits.stream()
        .map(h -> new SearchHit(h.document(), central.getOrDefault(DocKey.of(h.document()), 0.0)))
        .filter(h -> h.score() > 0)
        .sorted(Comparator.comparingDouble(SearchHit::score).reversed())
        .toList();
  }

  /**
   * The graph neighbours of the memories among the first fusion's best items (exchanges cannot be
   * starting points of the graph's walk). Waits at most the expansion's budget.
   */
  List<SearchHit> expand(
      RecallQuery q, List<FusedHit> first, Visibility v, int n, List<SkippedSignal> skipped) {
    List<Long> seeds =
        first.stream()
            .limit(expansion.seeds())
            .map(FusedHit::document)
            .filter(d -> d.kind() == DocKind.MEMORY)
            .map(IndexDocument::id)
            .toList();
    if (seeds.isEmpty()) {
      return List.of();
    }
    long t = System.nanoTime();
    var query =
        new GraphNeighbours.Query(
            q.tenant(),
            q.agent(),
            q.chat(),
            null,
            seeds,
            expansion.maxHops(),
            expansion.limit(),
            q.filters().asOf(),
            q.mode());
    CompletableFuture<List<GraphNeighbours.Item>> answer;
    try {
      answer =
          graph.neighbours(query).orTimeout(expansion.budget().toMillis(), TimeUnit.MILLISECONDS);
    } catch (RuntimeException e) {
      answer = CompletableFuture.failedFuture(e); // a client that throws instead of failing
    }
    List<SearchHit> hits = hits(answer, Signal.EXPANSION, v, n, skipped);
    timer.record(Signal.EXPANSION.wire(), System.nanoTime() - t);
    return hits;
  }

  /** The answer's items; a failed or late answer is reported as a skipped signal. */
  private List<GraphNeighbours.Item> items(
      CompletableFuture<List<GraphNeighbours.Item>> answer,
      Signal signal,
      List<SkippedSignal> skipped) {
    try {
      return answer.join();
    } catch (CompletionException e) {
      String kind = "error";
      String reason = "graph-service failed";
      if (e.getCause() instanceof GraphNeighbours.Unavailable u) {
        kind = u.kind();
        reason = u.getMessage();
      } else if (e.getCause() instanceof TimeoutException) {
        kind = "timeout";
        reason = "graph-service did not answer within " + expansion.budget().toMillis() + " ms";
      }
      skipped.add(new SkippedSignal(signal.wire(), reason));
      timer.skipped(signal, kind);
      return List.of();
    }
  }
}
