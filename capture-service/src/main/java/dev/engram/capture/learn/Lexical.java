package dev.engram.capture.learn;

import dev.engram.capture.extract.Nlp;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Lexical similarity: Jaccard over content words (OpenNLP tokens, lower-cased, no stop words). */
@ApplicationScoped
public class Lexical {

  private static final Set<String> STOP =
      Set.of(
          "a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "for", "with", "by",
          "is", "are", "was", "were", "be", "been", "it", "its", "this", "that", "as", "from", "so",
          "do", "does", "did", "has", "have", "had", "will", "would", "'s", "s");

  private final Nlp nlp;

  public Lexical(Nlp nlp) {
    this.nlp = nlp;
  }

  /** The content words of a text. */
  public Set<String> words(String text) {
    List<String> words = nlp.words(text);
    Set<String> result = new HashSet<>();
    for (String w : words) {
      if (!STOP.contains(w)) {
        result.add(w);
      }
    }
    return result;
  }

  /** |a ∩ b| / |a ∪ b|; 0 for two empty sets. */
  public static double jaccard(Set<String> a, Set<String> b) {
    if (a.isEmpty() && b.isEmpty()) {
      return 0;
    }
    int common = 0;
    for (String w : a) {
      if (b.contains(w)) {
        common++;
      }
    }
    return (double) common / (a.size() + b.size() - common);
  }
}
