package dev.engram.recall.recall;

import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.SearchHit;
import dev.engram.recall.index.TextTerms;
import dev.engram.recall.index.Visibility;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.lucene.analysis.Analyzer;

/**
 * {@link Signal#FEEDBACK}: pseudo-relevance feedback (RM3-like). The first fusion's best few items
 * are taken as relevant; their most telling words that the query does not already have (each item's
 * term shares, weighted by its fused score) are added to the query, and BM25 is asked once more. A
 * multi-hop question shares few words with the turn that answers it, but often with the turns
 * around the answer it did find. One extra keyword read per recall, no model call.
 */
final class Feedback {

  /** Items the expansion is read from, and words added. */
  private static final int DOCS = 3;

  private static final int TERMS = 10;

  private final IndexStore store;
  private final Analyzer analyzer = TextTerms.analyzer();

  Feedback(IndexStore store) {
    this.store = store;
  }

  /** The BM25 list of the expanded query; empty when the best items add no word. */
  List<SearchHit> hits(String query, List<FusedHit> first, Visibility v, int n) {
    String words = expansion(query, first);
    return words.isEmpty() ? List.of() : store.keyword(query + " " + words, v, n);
  }

  /** The added words (analysed terms), best first, separated by spaces. */
  String expansion(String query, List<FusedHit> first) {
    Set<String> asked = TextTerms.distinct(analyzer, query);
    Map<String, Double> weight = new HashMap<>();
    for (FusedHit h : first.subList(0, Math.min(DOCS, first.size()))) {
      Map<String, Integer> tf = TextTerms.frequencies(analyzer, h.document().text());
      double length = tf.values().stream().mapToInt(Integer::intValue).sum();
      tf.forEach(
          (term, count) -> {
            if (term.length() > 2
                && !asked.contains(term)
                && !term.chars().allMatch(Character::isDigit)) {
              weight.merge(term, h.score() * count / length, Double::sum);
            }
          });
    }
    return weight.entrySet().stream()
        .sorted(
            Map.Entry.<String, Double>comparingByValue()
                .reversed()
                .thenComparing(Map.Entry.comparingByKey()))
        .limit(TERMS)
        .map(Map.Entry::getKey)
        .collect(Collectors.joining(" "));
  }
}
