package dev.engram.capture.extract;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Drops what is not worth remembering before anything is extracted from it: questions, filler ("ok
 * thanks!", "lol"), pleasantries and promises to the person spoken to ("thanks, I'll keep that in
 * mind", "I'll let you know", "so happy for you") and fragments with too little content.
 */
public final class QualityGate {

  private QualityGate() {}

  /** Why a sentence or finding was dropped. */
  public enum Drop {
    QUESTION,
    FILLER,
    PLEASANTRY,
    LOW_SIGNAL
  }

  private static final Set<String> FILLER =
      Set.of(
          "ok", "okay", "k", "kk", "thanks", "thank", "you", "thx", "ty", "lol", "lmao", "haha",
          "hahaha", "hehe", "yes", "yeah", "yep", "yup", "no", "nope", "nah", "sure", "hmm", "hm",
          "cool", "great", "nice", "awesome", "hi", "hello", "hey", "bye", "goodbye", "cheers",
          "np", "alright", "right", "fine", "good", "morning", "night", "wow", "oh", "ah", "uh",
          "um", "so", "well", "indeed", "exactly", "agreed", "true", "sounds", "perfect", "got",
          "it", "see", "much", "very", "a", "lot", "bro", "dude", "please", "welcome", "gotcha");

  private static final Pattern QUESTION_START =
      Pattern.compile(
          "^(what|why|how|when|where|who|whom|whose|which|do|does|did|is|are|am|was|were|can|could"
              + "|would|will|should|shall|may|might|have|has|had|isn't|aren't|don't|doesn't|didn't"
              + "|won't|wouldn't|can't|couldn't|shouldn't)\\b.*",
          Pattern.CASE_INSENSITIVE);

  /**
   * Social talk aimed at the other person: thanks, wishes, praise, reassurance, and the promises
   * that only keep the conversation going (to let them know, to keep something in mind).
   */
  private static final Pattern PLEASANTRY =
      Pattern.compile(
          "^(?:thanks|thank you|thx|ty|cheers|congrats|congratulations|good luck|best of luck"
              + "|take care|have (?:a|fun)|enjoy|welcome|you're welcome|no problem|no worries"
              + "|same here|me too|bye|see you|talk (?:to you )?(?:soon|later)|sounds"
              + "|(?:that|this|it|which)(?:'s| is| was| sounds| looks| seems)? (?:so |really |just"
              + " |super |very |totally )*(?:great|awesome|amazing|cool|nice|wonderful|lovely"
              + "|fantastic|exciting|incredible|beautiful|fun|good|sweet|huge|impressive"
              + "|inspiring|brave|tough|hard|sad|understandable)\\b)"
              + "|\\b(?:let (?:you|u) know|keep (?:that|it|this|you|u) (?:in mind|posted|updated"
              + "|in the loop)|keep me posted|means (?:a lot|so much)|(?:happy|glad|proud|thrilled"
              + "|excited) (?:for|of) (?:you|u)\\b|(?:glad|happy|good) to hear"
              + "|hope (?:you|u|it|that|everything|things|your)|can't wait to (?:see|hear)"
              + "|(?:you|u)(?:'re| are) (?:so |really |such )?(?:welcome|right|the best|amazing"
              + "|awesome|doing great|so kind|sweet|a star)|(?:you|u) (?:got|can do) this"
              + "|(?:you|u) deserve|keep (?:it )?up|i appreciate|(?:i'm|i am) (?:so )?sorry"
              + "|(?:i'm|i am) here for (?:you|u))",
          Pattern.CASE_INSENSITIVE);

  /** Why to drop a sentence, or null to keep it. */
  public static Drop check(Nlp.Sentence sentence) {
    String text = sentence.text().strip();
    if (text.endsWith("?")
        || (QUESTION_START.matcher(text).matches() && !text.endsWith(".") && !text.endsWith("!"))) {
      return Drop.QUESTION;
    }
    boolean allFiller = true;
    for (Nlp.Token token : sentence.tokens()) {
      if (token.is("PUNCT")
          || token.is("SYM")
          || token.text().codePoints().noneMatch(Character::isLetterOrDigit)) {
        continue;
      }
      if (!FILLER.contains(token.lower())) {
        allFiller = false;
        break;
      }
    }
    if (allFiller) {
      return Drop.FILLER;
    }
    if (PLEASANTRY.matcher(text).find()) {
      return Drop.PLEASANTRY;
    }
    return sentence.contentTokens() == 0 ? Drop.LOW_SIGNAL : null;
  }

  /** Whether a free-form finding text (not a matched pattern) carries enough to keep. */
  public static boolean substantial(Nlp.Sentence sentence, int minContentTokens) {
    return check(sentence) == null && sentence.contentTokens() >= minContentTokens;
  }

  static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
