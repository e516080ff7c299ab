package dev.engram.capture.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Cuts the object of a matched cue out of a tagged sentence: a proper noun run ("Acme Corp",
 * "University of Porto"), a noun phrase ("a small bakery"), a preference ("hiking", "to hike",
 * "Thai food") or a number — by part of speech, not by hand-written word lists.
 */
final class ObjectPhrases {

  private ObjectPhrases() {}

  private static final Set<String> CONNECTORS =
      Set.of("of", "de", "da", "do", "del", "la", "le", "von", "van", "&", "-", "'s", "y");
  private static final Set<String> PRONOUNS =
      Set.of(
          "it",
          "that",
          "this",
          "them",
          "you",
          "him",
          "her",
          "those",
          "these",
          "everything",
          "anything",
          "something",
          "nothing",
          "stuff",
          "things");
  private static final Set<String> TIME_WORDS =
      Set.of(
          "yesterday",
          "today",
          "tomorrow",
          "tonight",
          "now",
          "week",
          "month",
          "year",
          "weekend",
          "monday",
          "tuesday",
          "wednesday",
          "thursday",
          "friday",
          "saturday",
          "sunday",
          "ago",
          "morning",
          "evening",
          "afternoon",
          "night");

  /** A run of proper nouns starting at token {@code i} (leading articles skipped), or null. */
  static String properNoun(Nlp.Sentence s, int i) {
    List<Nlp.Token> t = s.tokens();
    while (i >= 0 && i < t.size() && t.get(i).is("DET")) {
      i++;
    }
    int first = -1;
    int last = -1;
    for (int k = i; k >= 0 && k < t.size(); k++) {
      Nlp.Token token = t.get(k);
      if (proper(token)) {
        if (first < 0) {
          first = k;
        }
        last = k;
      } else if (first >= 0
          && CONNECTORS.contains(token.lower())
          && k + 1 < t.size()
          && proper(t.get(k + 1))) {
        continue;
      } else {
        break;
      }
    }
    return first < 0 ? null : span(s, first, last);
  }

  private static boolean proper(Nlp.Token token) {
    if (TIME_WORDS.contains(token.lower())) {
      return false;
    }
    boolean capitalised = Character.isUpperCase(token.text().codePointAt(0));
    return token.is("PROPN")
        || (capitalised
            && (token.is("NOUN") || token.is("ADJ") || token.is("X") || token.is("NUM")));
  }

  /** A noun phrase at token {@code i}, or else a run of adjectives ("green", "dark blue"). */
  static String phrase(Nlp.Sentence s, int i) {
    String np = nounPhrase(s, i);
    if (np != null) {
      return np;
    }
    List<Nlp.Token> t = s.tokens();
    while (i >= 0 && i < t.size() && t.get(i).is("DET")) {
      i++;
    }
    int last = -1;
    for (int k = i; k >= 0 && k < t.size() && (t.get(k).is("ADJ") || t.get(k).is("ADV")); k++) {
      if (t.get(k).is("ADJ")) {
        last = k;
      }
    }
    return last < 0 ? null : span(s, i, last);
  }

  /** A noun phrase starting at token {@code i}, without leading articles, or null. */
  static String nounPhrase(Nlp.Sentence s, int i) {
    int[] range = nounRange(s, i);
    return range == null ? null : span(s, range[0], range[1]);
  }

  private static int[] nounRange(Nlp.Sentence s, int i) {
    List<Nlp.Token> t = s.tokens();
    while (i >= 0 && i < t.size() && (t.get(i).is("DET") || t.get(i).lower().equals("some"))) {
      i++;
    }
    int first = i;
    int last = -1;
    for (int k = i; k >= 0 && k < t.size(); k++) {
      Nlp.Token token = t.get(k);
      String w = token.lower();
      if (TIME_WORDS.contains(w) || PRONOUNS.contains(w)) {
        break;
      }
      boolean nominal = token.is("NOUN") || token.is("PROPN") || token.is("NUM") || gerund(token);
      if (nominal) {
        last = k;
      } else if (token.is("ADJ") || w.equals("-") || (w.equals("'s") && last >= 0)) {
        // part of the phrase only if a noun follows
      } else if (w.equals("of")
          && last >= 0
          && k + 1 < t.size()
          && !TIME_WORDS.contains(t.get(k + 1).lower())
          && (t.get(k + 1).is("NOUN") || t.get(k + 1).is("PROPN") || t.get(k + 1).is("DET"))) {
        // "a cup of tea"
      } else if (token.is("DET") && last >= 0 && k > 0 && t.get(k - 1).lower().equals("of")) {
        // "the history of the city"
      } else {
        break;
      }
    }
    return last < 0 ? null : new int[] {first, last};
  }

  private static boolean gerund(Nlp.Token token) {
    return token.is("VERB") && token.lower().endsWith("ing");
  }

  /**
   * What someone likes or dislikes, starting at token {@code i}: one or more noun phrases, gerunds
   * or "to" + verb phrases, split on "and" and commas.
   */
  static List<String> preferences(Nlp.Sentence s, int i, Set<String> stopWords) {
    List<String> result = new ArrayList<>();
    List<Nlp.Token> t = s.tokens();
    int k = i;
    while (k >= 0 && k < t.size()) {
      int start = k;
      int end;
      if (t.get(k).lower().equals("to") && k + 1 < t.size() && t.get(k + 1).is("VERB")) {
        int[] np = nounRange(s, k + 2);
        end = np != null ? np[1] : k + 1;
      } else if (t.get(k).is("VERB") && !gerund(t.get(k))) {
        break;
      } else {
        int[] np = nounRange(s, k);
        if (np == null) {
          break;
        }
        end = np[1];
        start = np[0];
      }
      if (stopWords.contains(t.get(start).lower())) {
        break;
      }
      if (cut(t, end)) {
        return List.of(); // "I like holding them": "likes holding" says nothing
      }
      result.add(span(s, start, end));
      k = end + 1;
      if (k < t.size() && (t.get(k).lower().equals("and") || t.get(k).lower().equals(","))) {
        int next = k + 1;
        if (next < t.size() && t.get(next).lower().equals("and")) {
          next++;
        }
        if (next < t.size()
            && (t.get(next).content() || t.get(next).is("DET"))
            && !t.get(next).is("AUX")) {
          k = next;
          continue;
        }
      }
      break;
    }
    return result;
  }

  private static final Set<String> POINTING = Set.of("the", "this", "that", "these", "those");

  /**
   * Whether the object at token {@code i} points at something particular ("the colour", "this
   * series", "all the yellow leaves"): said of a photo or of what the other person just told, it is
   * a reaction, not a lasting preference.
   */
  static boolean pointed(Nlp.Sentence s, int i) {
    List<Nlp.Token> t = s.tokens();
    if (i < 0 || i >= t.size()) {
      return false;
    }
    String w = t.get(i).lower();
    return POINTING.contains(w)
        || (w.equals("all") && i + 1 < t.size() && POINTING.contains(t.get(i + 1).lower()));
  }

  /**
   * Whether a preference ending at token {@code end} is a verb cut off from its complement: a
   * gerund or infinitive followed by more of its phrase ("holding them", "having some around", "to
   * get lost") rather than by the end of the clause.
   */
  private static boolean cut(List<Nlp.Token> t, int end) {
    Nlp.Token last = t.get(end);
    boolean verb =
        gerund(last) || (last.is("VERB") && end > 0 && t.get(end - 1).lower().equals("to"));
    if (!verb || end + 1 >= t.size()) {
      return false;
    }
    Nlp.Token next = t.get(end + 1);
    return !(next.is("PUNCT") || next.is("CCONJ") || next.lower().equals(","));
  }

  /** The first number at or after token {@code i}, or null. */
  static String number(Nlp.Sentence s, int i) {
    for (int k = Math.max(0, i); k < s.tokens().size() && k <= i + 1; k++) {
      Nlp.Token token = s.tokens().get(k);
      if (token.is("NUM") || token.text().chars().allMatch(Character::isDigit)) {
        return token.text();
      }
    }
    return null;
  }

  /** Whether a phrase is only a pronoun ("it", "that"): nothing to remember. */
  static boolean vague(String phrase) {
    return phrase == null || PRONOUNS.contains(phrase.toLowerCase(Locale.ROOT));
  }

  /** The text of tokens first..last; a final period is the sentence's, not the object's. */
  private static String span(Nlp.Sentence s, int first, int last) {
    String text = s.text().substring(s.tokens().get(first).start(), s.tokens().get(last).end());
    text = text.strip();
    while (text.endsWith(".") || text.endsWith(",")) {
      text = text.substring(0, text.length() - 1).strip();
    }
    return text;
  }
}
