package dev.engram.capture.extract;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a first-person sentence into a self-contained third-person one ("I moved to Porto" said by
 * alice → "alice moved to Porto"), so a memory still makes sense out of its conversation.
 */
public final class PersonRewriter {

  private PersonRewriter() {}

  private record Rule(Pattern pattern, String replacement) {}

  private static final int F = Pattern.CASE_INSENSITIVE;

  private static final List<Rule> RULES =
      List.of(
          new Rule(Pattern.compile("\\bI'm\\b|\\bI am\\b", F), "%s is"),
          new Rule(Pattern.compile("\\bI've\\b", F), "%s has"),
          new Rule(Pattern.compile("\\bI have\\b"), "%s has"),
          new Rule(Pattern.compile("\\bI'll\\b|\\bI will\\b", F), "%s will"),
          new Rule(Pattern.compile("\\bI'd\\b", F), "%s would"),
          new Rule(Pattern.compile("\\bI don't\\b|\\bI do not\\b", F), "%s doesn't"),
          new Rule(Pattern.compile("\\bI was\\b"), "%s was"),
          new Rule(
              Pattern.compile(
                  "\\bI (live|work|love|like|prefer|want|need|hate|enjoy|own|know|think|plan|"
                      + "play|speak|study|teach|eat|drink|cook|run|read|write|use|feel)\\b"),
              "%s $1s"),
          new Rule(Pattern.compile("\\bI (go|do)\\b"), "%s $1es"),
          new Rule(Pattern.compile("\\bI\\b"), "%s"),
          new Rule(Pattern.compile("\\bmyself\\b", F), "%s"),
          new Rule(Pattern.compile("\\bmine\\b", F), "%s's"),
          new Rule(Pattern.compile("\\bmy\\b", F), "%s's"),
          new Rule(Pattern.compile("\\bme\\b", F), "%s"));

  /** The sentence with the speaker in place of first-person pronouns. */
  public static String rewrite(String sentence, String speaker) {
    String result = sentence;
    String safe = Matcher.quoteReplacement(speaker);
    for (Rule rule : RULES) {
      result = rule.pattern().matcher(result).replaceAll(rule.replacement().replace("%s", safe));
    }
    return result.strip();
  }
}
