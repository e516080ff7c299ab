package dev.engram.capture.summary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * TextRank over sentences (Mihalcea and Tarau, 2004): a graph whose edges weigh the word overlap of
 * two sentences, normalised by their lengths, ranked with PageRank; the best sentences are returned
 * in their original order. Word overlap rather than the suite's embeddings: it needs no call to
 * recall-service per run, costs microseconds per pair, and is what the paper uses.
 */
final class TextRank {

  private static final double DAMPING = 0.85;
  private static final int MAX_ITERATIONS = 50;
  private static final double EPSILON = 1e-6;

  /** Words that carry no topic; overlap on them would link every sentence to every other. */
  private static final Set<String> STOP =
      Set.of(
          "a", "an", "the", "and", "or", "but", "if", "so", "to", "of", "in", "on", "at", "for",
          "with", "by", "from", "as", "is", "are", "was", "were", "be", "been", "am", "i", "you",
          "he", "she", "it", "we", "they", "me", "him", "her", "us", "them", "my", "your", "his",
          "its", "our", "their", "this", "that", "these", "those", "do", "did", "does", "have",
          "has", "had", "not", "no", "yes", "just", "really", "very", "what", "how", "oh", "ok",
          "'s", "n't", "'m", "'re", "'ve", "'ll", "'d", "too", "also", "there", "here", "will",
          "would", "can", "could", "about", "all", "some", "any", "that's", "it's", "i'm");

  private TextRank() {}

  /**
   * The indexes of the {@code k} most central sentences, in their original order; {@code words}
   * holds each sentence's lower-cased words. Ties go to the earlier sentence, so the result is the
   * same for the same input.
   */
  static List<Integer> top(List<List<String>> words, int k) {
    int n = words.size();
    if (n <= k) {
      return IntStream.range(0, n).boxed().toList();
    }
    List<Set<String>> bags = new ArrayList<>(n);
    for (List<String> w : words) {
      Set<String> bag = new HashSet<>();
      for (String word : w) {
        if (!STOP.contains(word)) {
          bag.add(word);
        }
      }
      bags.add(bag);
    }
    double[][] weight = new double[n][n];
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        double w = similarity(bags.get(i), bags.get(j));
        weight[i][j] = w;
        weight[j][i] = w;
        out[i] += w;
        out[j] += w;
      }
    }
    double[] rank = new double[n];
    java.util.Arrays.fill(rank, 1.0 / n);
    for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
      double[] next = new double[n];
      double delta = 0;
      for (int i = 0; i < n; i++) {
        double sum = 0;
        for (int j = 0; j < n; j++) {
          if (weight[j][i] > 0) {
            sum += weight[j][i] / out[j] * rank[j];
          }
        }
        next[i] = (1 - DAMPING) / n + DAMPING * sum;
        delta += Math.abs(next[i] - rank[i]);
      }
      rank = next;
      if (delta < EPSILON) {
        break;
      }
    }
    double[] score = rank;
    return IntStream.range(0, n)
        .boxed()
        .sorted(Comparator.comparingDouble((Integer i) -> -score[i]).thenComparingInt(i -> i))
        .limit(k)
        .sorted()
        .toList();
  }

  /** The paper's overlap measure, with +1 so one-word sentences do not divide by zero. */
  static double similarity(Set<String> a, Set<String> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return 0;
    }
    Set<String> smaller = a.size() <= b.size() ? a : b;
    Set<String> larger = smaller == a ? b : a;
    long shared = smaller.stream().filter(larger::contains).count();
    return shared == 0 ? 0 : shared / (Math.log(a.size() + 1.0) + Math.log(b.size() + 1.0));
  }
}
