package dev.engram.recall.index.qdrant;

import dev.engram.recall.index.TextTerms;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;

/**
 * BM25 as Qdrant sparse vectors, computed here with the same analyzer as the Lucene adapter. The
 * collection's sparse vector has the IDF modifier, so Qdrant multiplies each term by its inverse
 * document frequency; a document carries the BM25 term-frequency part, tf·(k1+1) / (tf +
 * k1·(1−b+b·len/avgLen)), and a query a weight of 1 per distinct term. The sum over shared terms is
 * then Lucene's BM25 (same k1, b and IDF formula), except that the average length is configured
 * rather than measured. Terms map to indices by a 32-bit FNV-1a hash; a collision merges two terms.
 */
final class SparseVectors {

  static final double K1 = 1.2;
  static final double B = 0.75;

  /** A sparse vector: unique indices and their weights, in the same order. */
  record Sparse(List<Integer> indices, List<Float> values) {
    boolean isEmpty() {
      return indices.isEmpty();
    }
  }

  private final Analyzer analyzer;
  private final double averageLength;

  SparseVectors(Analyzer analyzer, double averageLength) {
    this.analyzer = analyzer;
    this.averageLength = averageLength;
  }

  /** The BM25 term-frequency weights of a document's text. */
  Sparse document(String text) {
    Map<String, Integer> frequencies = TextTerms.frequencies(analyzer, text);
    int length = frequencies.values().stream().mapToInt(Integer::intValue).sum();
    double norm = K1 * (1 - B + B * length / averageLength);
    Map<Integer, Float> weights = new LinkedHashMap<>();
    frequencies.forEach(
        (term, tf) ->
            weights.merge(index(term), (float) (tf * (K1 + 1) / (tf + norm)), Float::sum));
    return sparse(weights);
  }

  /** A query: weight 1 for each distinct analysed term. */
  Sparse query(String text) {
    Map<Integer, Float> weights = new LinkedHashMap<>();
    for (String term : TextTerms.distinct(analyzer, text)) {
      weights.merge(index(term), 1f, Float::sum);
    }
    return sparse(weights);
  }

  /** The sparse index of a term: FNV-1a over its UTF-8 bytes, read as an unsigned 32-bit value. */
  static int index(String term) {
    int hash = 0x811c9dc5;
    for (byte b : term.getBytes(StandardCharsets.UTF_8)) {
      hash ^= b & 0xff;
      hash *= 0x01000193;
    }
    return hash;
  }

  private static Sparse sparse(Map<Integer, Float> weights) {
    return new Sparse(new ArrayList<>(weights.keySet()), new ArrayList<>(weights.values()));
  }
}
