package dev.engram.recall.recall;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.SearchHit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Weighted reciprocal rank fusion: {@code score(d) = sum over signals s of w_s / (k + rank_s(d))},
 * rank starting at 1. Rank-based, so signals with incomparable scores (cosine, BM25) fuse without
 * calibration; a larger k flattens the advantage of the top ranks.
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
    lists.forEach(
        (signal, hits) -> {
          double weight = weights.getOrDefault(signal, 0.0);
          if (weight <= 0) {
            return;
          }
          for (int i = 0; i < hits.size(); i++) {
            IndexDocument doc = hits.get(i).document();
            Key key = new Key(doc.kind(), doc.id());
            int rank = i + 1;
            documents.putIfAbsent(key, doc);
            var previous =
                found
                    .computeIfAbsent(key, x -> new EnumMap<>(Signal.class))
                    .putIfAbsent(signal, new FusedHit.SignalHit(rank, hits.get(i).score()));
            if (previous == null) { // a list names a document once; ignore repeats
              scores.merge(key, weight / (k + rank), Double::sum);
            }
          }
        });
    List<FusedHit> fused = new ArrayList<>(documents.size());
    documents.forEach((key, doc) -> fused.add(new FusedHit(doc, scores.get(key), found.get(key))));
    fused.sort(ORDER);
    return fused.subList(0, Math.min(limit, fused.size()));
  }
}
