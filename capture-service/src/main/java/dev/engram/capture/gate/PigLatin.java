package dev.engram.capture.gate;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Pig latin back to English, when most words of a text end in "ay". Where the consonants moved to
 * the end are ambiguous ("isregardday": "d" or "rdd"?), the reading that gives a word the phrase
 * rules know wins; that vocabulary is taken from the rules themselves.
 */
final class PigLatin {

  private static final Pattern WORD = Pattern.compile("[A-Za-z]+");
  private static final Set<String> VOCABULARY =
      Stream.of(
              PhraseRules.vocabulary().stream(),
              Encodings.COMMON.stream(),
              Stream.of(
                  "memory",
                  "memories",
                  "history",
                  "chat",
                  "user",
                  "users",
                  "attacker",
                  "system",
                  "prompt",
                  "saved",
                  "stored",
                  "everything",
                  "preference",
                  "instructions"))
          .flatMap(s -> s)
          .collect(Collectors.toUnmodifiableSet());

  private PigLatin() {}

  static Optional<String> decode(String text) {
    Matcher m = WORD.matcher(text);
    int words = 0;
    int pig = 0;
    while (m.find()) {
      if (m.group().length() >= 4) {
        words++;
        pig += m.group().toLowerCase(Locale.ROOT).endsWith("ay") ? 1 : 0;
      }
    }
    if (pig < 3 || pig * 2 < words) {
      return Optional.empty();
    }
    m.reset();
    StringBuilder out = new StringBuilder(text.length());
    while (m.find()) {
      m.appendReplacement(out, word(m.group().toLowerCase(Locale.ROOT)));
    }
    return Optional.of(m.appendTail(out).toString());
  }

  private static String word(String w) {
    if (w.length() < 4 || !w.endsWith("ay")) {
      return w;
    }
    if (w.endsWith("way")
        && (VOCABULARY.contains(w.substring(0, w.length() - 3))
            || "aeiou".indexOf(w.charAt(0)) >= 0)) {
      return w.substring(0, w.length() - 3);
    }
    String stem = w.substring(0, w.length() - 2);
    String fallback = null;
    for (int k = 1; k <= Math.min(4, stem.length() - 1); k++) {
      String moved = stem.substring(stem.length() - k) + stem.substring(0, stem.length() - k);
      if (VOCABULARY.contains(moved)) {
        return moved;
      }
      if (fallback == null && "aeiou".indexOf(stem.charAt(stem.length() - k - 1)) >= 0) {
        fallback = moved;
      }
    }
    return fallback != null ? fallback : stem;
  }
}
