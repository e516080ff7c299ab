package dev.engram.recall.recall;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.SearchHit;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@link Signal#SPEAKER}: a question that names one of the chat's speakers ("What did Caroline
 * research?") is most often answered by what that speaker said. The entity list cannot tell: every
 * LoCoMo turn starts with its speaker's name, so a name fills the whole list and is skipped as not
 * distinctive. This list reads the exchange's speaker field instead: the first fusion's candidates
 * spoken by a named speaker, and the memories that name them, in the first fusion's order (so they
 * keep their order among themselves and are lifted over the others). No read: the speakers are
 * those of the candidates. A name counts when the query writes it capitalised, so a speaker called
 * "user" is not named by "what did the user say".
 */
final class SpeakerEvidence {

  private static final Pattern WORDS = Pattern.compile("[^\\p{L}\\p{N}'-]+");

  private SpeakerEvidence() {}

  /** The candidates by or about a speaker the query names, best first; empty if it names none. */
  static List<SearchHit> named(String query, List<FusedHit> candidates) {
    Set<String> capitalised = new HashSet<>();
    for (String w : WORDS.split(query)) {
      if (!w.isEmpty() && Character.isUpperCase(w.codePointAt(0))) {
        capitalised.add(w.toLowerCase(Locale.ROOT));
      }
    }
    Set<String> named = new HashSet<>();
    for (FusedHit h : candidates) {
      String name = name(h.document());
      if (name != null && capitalised.contains(name)) {
        named.add(name);
      }
    }
    if (named.isEmpty()) {
      return List.of();
    }
    return candidates.stream()
        .filter(h -> byOrAbout(h.document(), named))
        .map(h -> new SearchHit(h.document(), h.score()))
        .toList();
  }

  /** An exchange's speaker's first name, lower case (null: a memory or no speaker). */
  private static String name(IndexDocument d) {
    if (d.kind() != DocKind.EXCHANGE || d.speaker() == null) {
      return null;
    }
    String[] words = WORDS.split(d.speaker().strip());
    return words.length == 0 || words[0].length() < 2 ? null : words[0].toLowerCase(Locale.ROOT);
  }

  private static boolean byOrAbout(IndexDocument d, Set<String> named) {
    if (d.kind() == DocKind.EXCHANGE) {
      return named.contains(name(d));
    }
    for (String w : WORDS.split(d.text())) {
      if (named.contains(w.toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }
}
