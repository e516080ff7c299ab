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
   * Resolve that only keeps a conversation going, said of oneself or of both: to keep going, to
   * make it (happen), never to give up, to do one's best, to chase one's dreams. It names no plan a
   * reader could note (measured on LoCoMo: such commitments have a reference observation far less
   * often than other findings).
   */
  private static final String PEP_TALK =
      "|\\b(?:will|'ll|gonna|going to|gotta|have to|need to|must|let's)\\s+"
          + "(?:(?:always|definitely|totally|just|really|still|never|all|both)\\s+)*"
          + "(?:keep (?:on )?(?:going|pushing|trying|believing|fighting|plugging|working hard"
          + "|at it|chasing|dreaming|moving|grinding|rocking)|make (?:it|this|that) (?:happen|work)"
          + "|make it(?= *[!.,]| *$| through)|never (?:give up|quit|stop)|not give up|stay (?:positive|motivated"
          + "|strong|determined|optimistic|focused)|do (?:my|his|her|our|their|your) best"
          + "|make (?:my|his|her|our|their|your) dreams|chase (?:my|his|her|our|their|your)"
          + " dreams|make (?:you|u|him|her|them) proud|rock (?:it|this))";

  /**
   * Showing a photo or thing and urging the other person on: "Here's a pic from last week", "Check
   * out this piece", "Let's make some great memories", "Don't be afraid to take risks". What the
   * photo shows is in the sentence around it, if anywhere; a suggestion is not yet a plan.
   */
  private static final String SHOW_AND_TELL =
      "|^(?:here(?:'s| is| are)|check (?:out|this|it)|take a look|look at (?:this|that|these)"
          + "|let's (?!go with|use|pick|choose|stick with)|don't (?:be afraid|worry|forget to"
          + "|give up|stop)|keep (?:going|pushing|it up|at it|on))\\b";

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
              + "|(?:i'm|i am) here for (?:you|u))"
              + "|\\b(?:hang in there|no doubt|(?:you|u)(?:'ve| have)? got this|fingers crossed)\\b"
              + PEP_TALK
              + SHOW_AND_TELL,
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
