package dev.engram.capture.extract;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cue phrases that are not profile statements: remember, corrections, decisions, commitments.
 */
final class Cues {

  private Cues() {}

  private static final int F = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;

  /** "remember (that) ...", "don't forget ...", "please note ...", "记住…" and the like. */
  static final Pattern REMEMBER =
      Pattern.compile(
          "^(?:(?:hey|hi|ok|okay|so|oh|and|also|btw|by the way|one more thing)[,!:]?\\s+)*"
              + "(?:(?:please|pls|plz|can you|could you|would you|make sure to|be sure to)\\s+)?"
              + "(?:remember|memori[sz]e|don't forget|do not forget|never forget|note down|make a note"
              + "|take note|keep in mind|note|save this|for the record|for future reference)"
              + "(?!\\s+(?:when|how|what|why|who|where|if|whether|the time)\\b)"
              + "\\b(?:\\s+(?:that|this|the following|of this))?\\s*[:,\\-–—]?\\s*(?<content>.*)$"
              + "|^(?:请|麻烦你?)?(?:记住|记下|记得|别忘了|不要忘记|请记住)[:：,，]?\\s*(?<zh>.+)$"
              + "|^(?:merk dir|vergiss nicht)[:,]?\\s+(?:dass\\s+)?(?<de>.+)$"
              + "|^(?:souviens-toi|n'oublie pas|retiens)\\s+(?:que\\s+|qu')?(?<fr>.+)$"
              + "|^(?:recuerda|no olvides)\\s+(?:que\\s+)?(?<es>.+)$",
          F);

  /**
   * "actually ...", "no, ...", "correction: ..." at the start of a sentence. "No", "sorry", "oops"
   * and "wait" correct only when set off ("No, it's Friday"): "No doubt you'll ace it" and "Sorry
   * about your job" are not corrections.
   */
  static final Pattern CORRECTION =
      Pattern.compile(
          "^(?:(?:actually|correction|not quite|i meant|i mean|to be precise|to clarify"
              + "|let me correct (?:that|myself)|scratch that|my mistake|update)\\b[,:;!.]?"
              + "|(?:sorry|oops|wait|no|nope)\\b[,:;!.])\\s*(?:[-–—]\\s*)?",
          F);

  static final Pattern DECISION =
      Pattern.compile(
          "\\b(?:we|i)(?:'ve| have)? (?:finally |just |all |both )?(?:decided|agreed|settled on|chose|opted)\\b"
              + "|\\blet's (?:go with|use|do(?! (?:it|this|that)\\b)|pick|choose|stick with)\\b"
              + "|\\b(?:the|our|my) (?:final )?decision is\\b"
              + "|\\bwe(?:'re| are) going (?:with|to go with)\\b",
          F);

  static final Pattern COMMITMENT =
      Pattern.compile(
          "\\b(?:i|we)(?:'ll| will| shall|'m going to| am going to|'re going to| are going to"
              + "| promise to|'m gonna| am gonna| plan to| intend to| commit to)\\s+"
              + "(?!be\\b|not\\b|never\\b|have to\\b|see\\b|think\\b|try\\b|let\\b|get back\\b)",
          F);

  /** The content after a remember cue, or null when the sentence has none. */
  static String remembered(String sentence) {
    Matcher m = REMEMBER.matcher(sentence.strip());
    if (!m.matches()) {
      return null;
    }
    for (String group : new String[] {"content", "zh", "de", "fr", "es"}) {
      String content = m.group(group);
      if (content != null) {
        return content.strip();
      }
    }
    return null;
  }

  /** The sentence without a leading correction cue. */
  static String withoutCorrection(String sentence) {
    Matcher m = CORRECTION.matcher(sentence);
    return m.lookingAt() ? sentence.substring(m.end()) : sentence;
  }
}
