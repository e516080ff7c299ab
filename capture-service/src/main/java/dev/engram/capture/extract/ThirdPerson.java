package dev.engram.capture.extract;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites a sentence from its speaker's point of view into the third person, on its POS-tagged
 * tokens: "I"/"me"/"my" become the speaker, "you"/"your" the person spoken to (when known), and the
 * verb of such a subject agrees with it ("I have" → "James has", "you're" → "Anna is"); "X and I
 * have" keeps its plural verb. What is not a person reference is copied as it was.
 */
final class ThirdPerson {

  private ThirdPerson() {}

  /** Subject pronouns (and their contractions) → the form of "to be/have/…" they carry. */
  private static final Map<String, String> SPEAKER_SUBJECT =
      Map.of("i", "", "i'm", " is", "i've", " has", "i'll", " will", "i'd", " would");

  private static final Map<String, String> LISTENER_SUBJECT =
      Map.of("you", "", "you're", " is", "you've", " has", "you'll", " will", "you'd", " would");

  private static final Map<String, String> AGREEMENT =
      Map.ofEntries(
          Map.entry("am", "is"),
          Map.entry("are", "is"),
          Map.entry("were", "was"),
          Map.entry("have", "has"),
          Map.entry("do", "does"),
          Map.entry("don't", "doesn't"),
          Map.entry("haven't", "hasn't"),
          Map.entry("aren't", "isn't"),
          Map.entry("weren't", "wasn't"),
          Map.entry("go", "goes"));

  /** Past forms (and base forms that look like them) that need no agreement. */
  private static final Set<String> UNCHANGED =
      Set.of(
          "was",
          "went",
          "got",
          "made",
          "took",
          "saw",
          "had",
          "did",
          "found",
          "felt",
          "thought",
          "bought",
          "came",
          "gave",
          "knew",
          "left",
          "met",
          "ran",
          "said",
          "told",
          "began",
          "wrote",
          "won",
          "lost",
          "built",
          "brought",
          "caught",
          "taught",
          "sold",
          "sent",
          "spent",
          "kept",
          "held",
          "heard",
          "became",
          "drew",
          "grew",
          "flew",
          "fell",
          "ate",
          "drank",
          "sang",
          "swam",
          "rode",
          "wore",
          "chose",
          "forgot",
          "understood",
          "stood",
          "sat",
          "slept",
          "broke",
          "spoke",
          "drove",
          "paid",
          "put",
          "set",
          "let",
          "cut",
          "hit",
          "hurt",
          "quit",
          "read",
          "can",
          "could",
          "will",
          "would",
          "shall",
          "should",
          "may",
          "might",
          "must",
          "can't",
          "couldn't",
          "won't",
          "wouldn't",
          "shouldn't",
          "didn't",
          "wasn't",
          "need",
          "used",
          "gotta",
          "gonna",
          "wanna");

  private static final Set<String> CLAUSE_START =
      Set.of("and", "but", "so", "because", "that", "when", "if", "since", "while", "though");

  /** The sentence in the third person; {@code listener} may be null (then "you" stays). */
  static String rewrite(Nlp.Sentence sentence, String speaker, String listener) {
    List<Nlp.Token> tokens = sentence.tokens();
    String text = sentence.text();
    String[] out = new String[tokens.size()];
    boolean agree = false;
    for (int i = 0; i < tokens.size(); i++) {
      Nlp.Token t = tokens.get(i);
      String lower = t.lower();
      String previous = i == 0 ? "" : tokens.get(i - 1).lower();
      String person = null;
      String verb = null;
      if (SPEAKER_SUBJECT.containsKey(lower) && t.is("PRON") || lower.equals("i")) {
        person = speaker;
        verb = SPEAKER_SUBJECT.getOrDefault(lower, "");
      } else if (listener != null && LISTENER_SUBJECT.containsKey(lower) && subject(tokens, i)) {
        person = listener;
        verb = LISTENER_SUBJECT.get(lower);
      }
      if (person != null) {
        out[i] = person + verb;
        // "Sam and I have": the verb agrees with both, so it stays plural
        agree = verb.isEmpty() && !previous.equals("and") && !next(tokens, i).equals("and");
        continue;
      }
      out[i] = object(lower, speaker, listener);
      if (out[i] != null) {
        continue;
      }
      if (agree && (t.is("VERB") || t.is("AUX"))) {
        out[i] = agreeing(t.text());
        agree = false;
        continue;
      }
      if (agree && !t.is("ADV") && !t.is("PART")) {
        agree = false;
      }
      out[i] = t.text();
    }
    StringBuilder result = new StringBuilder();
    int at = 0;
    for (int i = 0; i < tokens.size(); i++) {
      result.append(text, at, tokens.get(i).start()).append(out[i]);
      at = tokens.get(i).end();
    }
    result.append(text.substring(at));
    return result.toString().strip();
  }

  /** "me/my/mine/myself" and (with a listener) "your/yours/yourself/you" as an object. */
  private static String object(String lower, String speaker, String listener) {
    return switch (lower) {
      case "me", "myself" -> speaker;
      case "my", "mine" -> speaker + "'s";
      case "you", "yourself" -> listener;
      case "your", "yours" -> listener == null ? null : listener + "'s";
      default -> null;
    };
  }

  /** "you" opening a clause and followed (after adverbs) by a verb is a subject. */
  private static boolean subject(List<Nlp.Token> tokens, int i) {
    if (!tokens.get(i).lower().equals("you")) {
      return true; // the contractions are subjects
    }
    boolean opens =
        i == 0 || tokens.get(i - 1).is("PUNCT") || CLAUSE_START.contains(tokens.get(i - 1).lower());
    for (int j = i + 1; opens && j < tokens.size(); j++) {
      Nlp.Token t = tokens.get(j);
      if (t.is("VERB") || t.is("AUX")) {
        return true;
      }
      if (!t.is("ADV")) {
        return false;
      }
    }
    return false;
  }

  private static String next(List<Nlp.Token> tokens, int i) {
    return i + 1 < tokens.size() ? tokens.get(i + 1).lower() : "";
  }

  /** The third-person singular present of a verb said with I/you; past forms and modals stay. */
  static String agreeing(String verb) {
    String lower = verb.toLowerCase(Locale.ROOT);
    if (AGREEMENT.containsKey(lower)) {
      return AGREEMENT.get(lower);
    }
    if (UNCHANGED.contains(lower)
        || lower.endsWith("ed")
        || lower.endsWith("n't")
        || lower.endsWith("ing")
        || !lower.chars().allMatch(Character::isLetter)) {
      return verb;
    }
    if (lower.matches(".*(s|sh|ch|x|z|o)")) {
      return verb + "es";
    }
    if (lower.matches(".*[^aeiou]y")) {
      return verb.substring(0, verb.length() - 1) + "ies";
    }
    return verb + "s";
  }
}
