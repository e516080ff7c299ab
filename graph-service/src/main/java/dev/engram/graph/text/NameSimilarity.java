package dev.engram.graph.text;

import org.apache.commons.text.similarity.JaroWinklerSimilarity;

/**
 * Whether two normalized names are close enough to be one entity: the same number of words, every
 * word at least {@code threshold} Jaro-Winkler-similar to its counterpart, words that differ at
 * least {@code minWordLength} long, and the same digits. "jon smith" ≈ "john smith" is refused for
 * the short "jon"; "alice smith" vs "alice jones" fails on the surname though the whole strings
 * share a long prefix, which is why the comparison is per word.
 */
public final class NameSimilarity {

  private static final JaroWinklerSimilarity JARO_WINKLER = new JaroWinklerSimilarity();

  private final double threshold;
  private final int minWordLength;

  public NameSimilarity(double threshold, int minWordLength) {
    this.threshold = threshold;
    this.minWordLength = minWordLength;
  }

  /** The similarity (the lowest word score), or 0 when the names must not be merged. */
  public double score(String a, String b) {
    if (threshold > 1 || a.equals(b) || !digits(a).equals(digits(b))) {
      return 0;
    }
    String[] left = a.split(" ");
    String[] right = b.split(" ");
    if (left.length != right.length) {
      return 0;
    }
    double lowest = 1;
    for (int i = 0; i < left.length; i++) {
      if (left[i].equals(right[i])) {
        continue;
      }
      if (left[i].length() < minWordLength || right[i].length() < minWordLength) {
        return 0;
      }
      lowest = Math.min(lowest, JARO_WINKLER.apply(left[i], right[i]));
    }
    return lowest >= threshold ? lowest : 0;
  }

  private static String digits(String s) {
    return s.replaceAll("\\D", "");
  }
}
