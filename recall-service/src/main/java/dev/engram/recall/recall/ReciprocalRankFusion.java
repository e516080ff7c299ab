package dev.engram.recall.recall;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.SearchHit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Weighted reciprocal rank fusion: {@code score(d) = sum over signals s of w_s / (k + rank_s(d))},
 * rank starting at 1. Rank-based, so signals with incomparable scores (cosine, BM25) fuse without
 * calibration; a larger k flattens the advantage of the top ranks.
 *
 * <p>Ties never invent an order: items that a list scores equally (adjacent equal scores, as a list
 * is best first) share a rank, so the order in which a store returned them does not matter. They
 * fuse with the mean position of their tie group, which keeps the list's total weight, and are
 * reported with the group's first position. A list that scores every candidate equally (recency
 * over items written in one go, say) says nothing about their order and carries no weight.
 */
final class ReciprocalRankFusion {

  private record Key(DocKind kind, long id) {}

  private static final Comparator<FusedHit> ORDER =
      Comparator.comparingDouble(FusedHit::score)
          .reversed()
          .thenComparing(h -> h.document().createdAt(), Comparator.reverseOrder())
          .thenComparing(h -> h.document().kind())
          .thenComparingLong(h -> h.document().id());

  private final int k;
  private final Map<Signal, Double> weights;

  ReciprocalRankFusion(int k, Map<Signal, Double> weights) {
    if (k < 1) {
      throw new IllegalArgumentException("rrf k must be at least 1");
    }
    this.k = k;
    this.weights = Map.copyOf(weights);
  }

  /** The top {@code limit} documents over all lists, best first (ties: newer first). */
  List<FusedHit> fuse(Map<Signal, List<SearchHit>> lists, int limit) {
    Map<Key, IndexDocument> documents = new LinkedHashMap<>();
    Map<Key, Map<Signal, FusedHit.SignalHit>> found = new LinkedHashMap<>();
    Map<Key, Double> scores = new LinkedHashMap<>();
    Map<Signal, List<SearchHit>> weighted = new EnumMap<>(Signal.class);
    lists.forEach(
        (signal, hits) -> {
          if (weights.getOrDefault(signal, 0.0) > 0) {
            weighted.put(signal, distinct(hits));
          }
        });
    weighted
        .values()
        .forEach(hits -> hits.forEach(h -> documents.putIfAbsent(key(h), h.document())));
    weighted.forEach(
        (signal, hits) -> {
          double weight = discriminates(hits, documents.size()) ? weights.get(signal) : 0.0;
          int first = 0;
          while (first < hits.size()) {
            int end = first + 1;
            while (end < hits.size() && hits.get(end).score() == hits.get(first).score()) {
              end++;
            }
            double meanRank = (first + 1 + end) / 2.0; // positions first+1 .. end
            for (int i = first; i < end; i++) {
              Key key = key(hits.get(i));
              found
                  .computeIfAbsent(key, x -> new EnumMap<>(Signal.class))
                  .put(signal, new FusedHit.SignalHit(first + 1, hits.get(i).score()));
              scores.merge(key, weight / (k + meanRank), Double::sum);
            }
            first = end;
          }
        });
    List<FusedHit> fused = new ArrayList<>(documents.size());
    documents.forEach((key, doc) -> fused.add(new FusedHit(doc, scores.get(key), found.get(key))));
    fused.sort(ORDER);
    return fused.subList(0, Math.min(limit, fused.size()));
  }

  /** A list names a document once; a repeat is dropped. */
  private static List<SearchHit> distinct(List<SearchHit> hits) {
    Set<Key> seen = new HashSet<>();
    List<SearchHit> once = new ArrayList<>(hits.size());
    for (SearchHit h : hits) {
      if (seen.add(key(h))) {
        once.add(h);
      }
    }
    return once;
  }

  /** False for a list of two or more items, all scored alike, that holds every candidate. */
  private static boolean discriminates(List<SearchHit> hits, int candidates) {
    if (hits.size() < 2 || hits.size() < candidates) {
      return true;
    }
    double score = hits.getFirst().score();
    return hits.stream().anyMatch(h -> h.score() != score);
  }

  private static Key key(SearchHit hit) {
    return new Key(hit.document().kind(), hit.document().id());
  }
}
