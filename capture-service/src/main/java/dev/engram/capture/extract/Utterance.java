package dev.engram.capture.extract;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One turn made ready to read: a transcript's own "Speaker: " prefix and an attachment note
 * ("[shares …]") taken off, and who was spoken to: the nearest other person (role user) in the
 * batch, so "you" can be resolved; an assistant is not named (its "you" stays "you").
 */
record Utterance(Statement statement, String text, String listener, boolean prompted) {

  /** A pause after which a turn opens a new conversation (and so brings news). */
  private static final java.time.Duration PAUSE = java.time.Duration.ofHours(1);

  private static final Pattern ATTACHMENT = Pattern.compile("\\s*\\[shares [^\\]]*\\]\\s*$");

  /** Leading discourse markers and a vocative name ("Yeah, ", "Wow, Anna! ") carry nothing. */
  private static final Pattern OPENER =
      Pattern.compile(
          "^(?:(?:yeah|yes|yep|yup|oh|ooh|well|so|wow|whoa|hey|ah|aw+|haha|hehe|lol|omg|plus|anyway"
              + "|btw|honestly|totally|definitely|absolutely|and|but|also|hmm|um|gosh|ugh|man"
              + ")[,!.]*\\s+|(?-i:\\p{Lu}\\p{L}+)[,!]+\\s+(?=\\p{L}))+",
          Pattern.CASE_INSENSITIVE);

  /** The utterance of each statement, in order. */
  static List<Utterance> of(List<Statement> statements) {
    return java.util.stream.IntStream.range(0, statements.size())
        .mapToObj(i -> of(statements, i))
        .toList();
  }

  private static Utterance of(List<Statement> statements, int i) {
    Statement st = statements.get(i);
    String text = Nlp.normalise(st.text());
    String prefix = st.speaker() + ":";
    if (text.startsWith(prefix)) {
      text = text.substring(prefix.length()).strip();
    }
    text = ATTACHMENT.matcher(text).replaceAll("");
    return new Utterance(st, text, listener(statements, i), prompted(statements, i));
  }

  /**
   * Whether the turn answers a question of the turn before it, or opens the conversation (the first
   * turn read, or the first after a pause): what people say of themselves then is what a careful
   * reader notes; a remark in passing mostly is not (measured on LoCoMo conv-26/30/41: 79% of the
   * first-person turns that answer a question or open a session have a reference observation, 46%
   * of the others).
   */
  private static boolean prompted(List<Statement> statements, int i) {
    if (i == 0) {
      return true;
    }
    Statement before = statements.get(i - 1);
    return before.text().contains("?")
        || java.time.Duration.between(before.occurredAt(), statements.get(i).occurredAt())
                .compareTo(PAUSE)
            >= 0;
  }

  /** The nearest other human speaker, looking back first. */
  private static String listener(List<Statement> statements, int i) {
    String speaker = statements.get(i).speaker();
    for (int d = 1; d < statements.size(); d++) {
      for (int j : new int[] {i - d, i + d}) {
        if (j >= 0 && j < statements.size()) {
          Statement other = statements.get(j);
          if (other.fromUser() && !other.speaker().equals(speaker)) {
            return other.speaker();
          }
        }
      }
    }
    return null;
  }

  /**
   * A sentence without its leading discourse markers and a vocative (a capitalised word and a comma
   * or "!", e.g. "Wow, Anna, I ..."): they would become noise in a memory.
   */
  static String withoutOpener(String sentence) {
    java.util.regex.Matcher m = OPENER.matcher(sentence);
    if (!m.lookingAt()
        || m.end() >= sentence.length()
        || Cues.CORRECTION.matcher(sentence).lookingAt()) {
      return sentence;
    }
    String opener = sentence.substring(0, m.end());
    // "Actually, ..." is a correction and "Yesterday, I ..." a date, not a name: both are kept
    return DateResolver.find(opener, java.time.Instant.EPOCH).isPresent()
        ? sentence
        : sentence.substring(m.end());
  }
}
