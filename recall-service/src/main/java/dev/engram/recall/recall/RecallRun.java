package dev.engram.recall.recall;

import dev.engram.contracts.index.IndexDocument;
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

/**
 * One recall in progress: what {@link Signal}'s list builders read (the query, what it may see, the
 * engine's parts) and what the earlier stages produced (the query vector, the graph's answer, the
 * lists so far, the first fusion).
 */
final class RecallRun {

  final HybridRecall engine;
  final RecallSettings settings;
  final IndexStore store;
  final GraphNeighbours graph;
  final Recency recency;
  final EntityLookup entities;
  final Feedback feedback;
  final RecallQuery query;
  final Instant now;
  final Visibility visibility;
  final int n;
  final double floor;
  final Map<Signal, List<SearchHit>> lists = new EnumMap<>(Signal.class);
  final List<SkippedSignal> skipped = new ArrayList<>();
  CompletableFuture<List<GraphNeighbours.Item>> linked;
  float[] vector;
  private List<FusedHit> first;
  private ConversationEvidence.Neighbours neighbours;

  RecallRun(HybridRecall engine, RecallQuery query, Instant now, double floor, Visibility v) {
    this.engine = engine;
    this.settings = engine.settings;
    this.store = engine.store;
    this.graph = engine.graph;
    this.recency = engine.recency;
    this.entities = engine.entities;
    this.feedback = engine.feedback;
    this.query = query;
    this.now = now;
    this.visibility = v;
    this.n = Math.max(settings.candidates(), query.k());
    this.floor = floor;
  }

  List<SearchHit> dense(Visibility v) {
    return store.dense(vector, v, n);
  }

  Visibility inThread() {
    return visibility.withFilters(visibility.filters().withThread(query.thread()));
  }

  /** Dense hits at or above the semantic floor. */
  List<SearchHit> above(List<SearchHit> hits) {
    int keep = 0;
    while (keep < hits.size() && hits.get(keep).score() >= floor) {
      keep++; // best first, so the first one below the floor ends the list
    }
    return keep == hits.size() ? hits : hits.subList(0, keep);
  }

  List<SearchHit> graphHits() {
    return engine.graphSignals.hits(linked, Signal.GRAPH, visibility, n, skipped);
  }

  /** The candidates created in a time the query names; null when it names none. */
  List<SearchHit> inNamedTime() {
    List<QueryTimes.Span> spans = QueryTimes.in(query.text(), query.reference(now));
    return spans.isEmpty() ? null : QueryTimes.within(candidates(), spans);
  }

  List<SearchHit> expansion() {
    return engine.graphSignals.expand(query, first(), visibility, n, skipped);
  }

  /** The first fusion of the lists so far: what the evidence signals are seeded by. */
  List<FusedHit> first() {
    if (first == null) {
      first = engine.fusion.fuse(lists, Integer.MAX_VALUE);
    }
    return first;
  }

  ConversationEvidence.Neighbours neighbours() {
    if (neighbours == null) {
      List<FusedHit> all = first();
      List<FusedHit> seeds = all.subList(0, Math.min(settings.evidence().seeds(), all.size()));
      neighbours = engine.evidence.neighbours(seeds, visibility, n);
    }
    return neighbours;
  }

  /** Every document of the lists so far, once, in list order. */
  List<IndexDocument> candidates() {
    Map<DocKey, IndexDocument> pool = new LinkedHashMap<>();
    lists
        .values()
        .forEach(
            hits -> hits.forEach(h -> pool.putIfAbsent(DocKey.of(h.document()), h.document())));
    return List.copyOf(pool.values());
  }
}
