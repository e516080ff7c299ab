package dev.engram.graph.text;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The keys a query could name an entity by: every run of up to {@value #MAX_WORDS} words of the
 * normalized query that neither starts nor ends with a stop word. They are looked up among the
 * tenant's known names and aliases, so a lower-case "where did alice live" still finds Alice.
 */
public final class QueryNames {

  static final int MAX_WORDS = 5;

  private static final java.util.function.Predicate<String> DIGITS =
      word -> word.chars().allMatch(Character::isDigit);

  private QueryNames() {}

  /** A candidate key and the word positions it covers, [start, end). */
  public record Span(String key, int start, int end) {
    int length() {
      return end - start;
    }
  }

  /** Candidate spans, longest first. */
  public static List<Span> candidates(String query) {
    String normalized = Names.normalize(query);
    if (normalized.isEmpty()) {
      return List.of();
    }
    String[] words = normalized.split(" ");
    List<Span> spans = new ArrayList<>();
    for (int length = Math.min(MAX_WORDS, words.length); length >= 1; length--) {
      for (int start = 0; start + length <= words.length; start++) {
        String first = words[start];
        String last = words[start + length - 1];
        List<String> gram = List.of(words).subList(start, start + length);
        if (Words.ignorable(first) || Words.ignorable(last) || gram.stream().allMatch(DIGITS)) {
          continue;
        }
        spans.add(new Span(String.join(" ", gram), start, start + length));
      }
    }
    return spans;
  }

  /** The keys of {@code spans}, once each. */
  public static Set<String> keys(List<Span> spans) {
    Set<String> keys = new LinkedHashSet<>();
    spans.forEach(span -> keys.add(span.key()));
    return keys;
  }

  /**
   * The matched spans that do not overlap a longer match: "new york city" wins over "york". {@code
   * spans} must be longest first, as {@link #candidates} returns them.
   */
  public static List<Span> longestMatches(List<Span> spans, Set<String> matchedKeys) {
    List<Span> chosen = new ArrayList<>();
    for (Span span : spans) {
      if (matchedKeys.contains(span.key())
          && chosen.stream().noneMatch(c -> c.start() < span.end() && span.start() < c.end())) {
        chosen.add(span);
      }
    }
    return chosen;
  }
}
