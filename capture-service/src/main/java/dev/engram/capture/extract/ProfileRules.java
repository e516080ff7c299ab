package dev.engram.capture.extract;

import dev.engram.capture.extract.Finding.Triple;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * First-person profile statements: name, location, origin, job, age, family, pets, favourites,
 * likes and dislikes, allergies and diet. A regex finds the cue ("I live in", "my name is"); the
 * object is cut out of the POS-tagged sentence by {@link ObjectPhrases}. Each match is a triple
 * about the speaker and the memory text that says it in the third person.
 */
final class ProfileRules {

  private ProfileRules() {}

  /** What the object of a cue is. */
  enum Kind {
    NAME,
    PLACE,
    ORG,
    ORG_OR_PHRASE,
    PHRASE,
    PREFERENCE,
    NUMBER
  }

  /** A matched statement. */
  record Match(Triple triple, String text, double confidence) {

    /**
     * Whether it is a taste (likes, dislikes, prefers): cheap to say in passing ("I love turtles.
     * So, what's new?"), so noted from a turn that answers a question or opens the conversation.
     */
    boolean taste() {
      return TASTES.contains(triple.predicate());
    }
  }

  private static final Set<String> TASTES = Set.of("likes", "dislikes", "prefers");

  private record Rule(
      Pattern cue, String predicate, Kind kind, String template, double confidence) {}

  private static final int F = Pattern.CASE_INSENSITIVE;
  private static final String REL =
      "(?<rel>sister|brother|son|daughter|mother|mom|mum|father|dad|partner|girlfriend|boyfriend"
          + "|fianc[ée]e?|grandmother|grandma|grandfather|grandpa|aunt|uncle|cousin|niece|nephew"
          + "|wife|husband|spouse|best friend|boss|roommate|flatmate)";
  private static final String PET =
      "(?<pet>dog|cat|puppy|kitten|parrot|bird|hamster|rabbit|bunny|turtle|tortoise|fish|horse"
          + "|guinea pig|lizard|snake|ferret|budgie)";
  private static final String ADV =
      "(?:(?:now|currently|still|really|absolutely|totally|just|also|actually|definitely|usually|generally|always|much|do) )*";
  private static final String UPPER = "(?-i:[\\p{Lu}])";

  private static final List<Rule> RULES =
      List.of(
          rule("\\bmy (?:full |first )?name is (?<o>)", "name", Kind.NAME, "%1$s's name is %2$s"),
          rule(
              "\\b(?:call me|i(?:'m| am) called) (?<o>)", "name", Kind.NAME, "%1$s's name is %2$s"),
          rule(
              "\\b(?:i|we) "
                  + ADV
                  + "(?:live|(?:am|'m|are|'re) (?:living|based|staying)|reside|settled) (?:in|at) (?<o>)",
              "lives_in",
              Kind.PLACE,
              "%1$s lives in %2$s"),
          rule(
              "\\b(?:i|we)(?:'ve| have)? " + ADV + "(?:moved|relocated) (?:back )?to (?<o>)",
              "lives_in",
              Kind.PLACE,
              "%1$s lives in %2$s"),
          rule(
              "\\bi(?:'m| am| come) (?:originally )?from (?<o>)",
              "comes_from",
              Kind.PLACE,
              "%1$s is from %2$s"),
          rule("\\bi was born in (?<o>)", "born_in", Kind.PLACE, "%1$s was born in %2$s"),
          rule(
              "\\bi " + ADV + "work (?:at|for) (?<o>)",
              "works_at",
              Kind.ORG_OR_PHRASE,
              "%1$s works at %2$s"),
          rule(
              "\\bi(?:'m| am) " + ADV + "(?:employed|working) (?:at|by|for) (?<o>)",
              "works_at",
              Kind.ORG_OR_PHRASE,
              "%1$s works at %2$s"),
          rule(
              "\\bi(?:'ve| have)? "
                  + ADV
                  + "(?:started|began|begun|took|got|accepted)(?: a| my| the)?(?: new)? (?:job|position|role|gig)(?: as an? [\\w -]+?)? (?:at|with|for) (?<o>)",
              "works_at",
              Kind.ORG_OR_PHRASE,
              "%1$s works at %2$s"),
          rule(
              "\\bi(?:'ve| have)? "
                  + ADV
                  + "(?:joined|got hired (?:at|by)|switched to|started working (?:at|for)) (?<o>)",
              "works_at",
              Kind.ORG,
              "%1$s works at %2$s"),
          rule(
              "\\bmy (?:new )?(?:employer|company) is (?<o>)",
              "works_at",
              Kind.ORG,
              "%1$s works at %2$s"),
          rule(
              // the speaker's own job: "my brother works as a nurse" is not theirs
              "\\bi(?:'m| am)? " + ADV + "work(?:s|ing)? (?:at [^,.]+ )?as (?:an? |the )?(?<o>)",
              "job_title",
              Kind.PHRASE,
              "%1$s works as %2$s"),
          rule(
              "\\bmy (?:new )?(?:job|job title|role|profession) is (?:an? )?(?<o>)",
              "job_title",
              Kind.PHRASE,
              "%1$s works as %2$s"),
          rule(
              "\\bi(?:'m| am) an? (?<o>)(?=[\\w -]+ (?:at|for|by profession)\\b)",
              "job_title",
              Kind.PHRASE,
              "%1$s works as %2$s"),
          rule(
              "\\bi(?:'m| am) (?<o>)\\d{1,3} (?:years old|yrs old|year-old|y/?o)\\b",
              "age",
              Kind.NUMBER,
              "%1$s is %2$s years old"),
          rule(
              "\\bi(?:'m| am) (?<o>)\\d{1,3}(?=\\s*(?:[.!,;]|$|and\\b|now\\b))",
              "age",
              Kind.NUMBER,
              "%1$s is %2$s years old"),
          rule(
              "\\bi (?:just )?turned (?<o>)\\d{1,3}\\b",
              "age",
              Kind.NUMBER,
              "%1$s is %2$s years old"),
          rule(
              "\\bi(?:'m| am) (?:happily )?married to (?<o>)",
              "married_to",
              Kind.NAME,
              "%1$s is married to %2$s"),
          rule(
              "\\bmy " + REL + "(?:'s name)? is (?:called |named )?(?<o>)" + UPPER,
              "has_{rel}",
              Kind.NAME,
              "%1$s's {rel} is %2$s"),
          rule(
              "\\bi have an? (?:older |younger |little |big |twin )?"
                  + REL
                  + " (?:named|called) (?<o>)",
              "has_{rel}",
              Kind.NAME,
              "%1$s's {rel} is %2$s"),
          rule(
              "\\bmy (?:older |younger |little |big |twin )?"
                  + REL
                  + ",? (?:named |called )?(?<o>)"
                  + UPPER
                  + "\\w+",
              "has_{rel}",
              Kind.NAME,
              "%1$s's {rel} is %2$s"),
          rule(
              "\\bi (?:have|'ve got|have got|own|adopted|got|just got|just adopted|rescued)(?: an?| a new| two| three)? "
                  + PET
                  + "s? (?:named|called) (?<o>)",
              "has_pet",
              Kind.NAME,
              "%1$s has a {pet} named %2$s"),
          rule(
              "\\bmy "
                  + PET
                  + "(?:'s name is| is (?:called|named)|,? named|,? called|,)? (?<o>)"
                  + UPPER
                  + "\\w+",
              "has_pet",
              Kind.NAME,
              "%1$s has a {pet} named %2$s"),
          rule(
              "\\bmy (?:all[- ]time |absolute )?favou?rite (?<what>(?:[a-z]+ ){0,2}?[a-z]+) (?:is|are|has to be|would be) (?<o>)",
              "favorite_{what}",
              Kind.PHRASE,
              "%1$s's favourite {what} is %2$s"),
          rule("\\bi " + ADV + "prefer (?<o>)", "prefers", Kind.PREFERENCE, "%1$s prefers %2$s"),
          rule(
              "\\bi " + ADV + "(?:like|love|adore|enjoy) (?<o>)",
              "likes",
              Kind.PREFERENCE,
              "%1$s likes %2$s"),
          rule(
              "\\bi(?:'m| am) (?:really |totally )?(?:into|a (?:big |huge )?fan of) (?<o>)",
              "likes",
              Kind.PREFERENCE,
              "%1$s likes %2$s"),
          rule(
              "\\bi (?:really )?(?:don't|do not|didn't|never) (?:really )?(?:like|enjoy|love) (?<o>)",
              "dislikes",
              Kind.PREFERENCE,
              "%1$s dislikes %2$s"),
          rule(
              "\\bi "
                  + ADV
                  + "(?:hate|dislike|detest|loathe|can't stand|cannot stand|can't bear) (?<o>)",
              "dislikes",
              Kind.PREFERENCE,
              "%1$s dislikes %2$s"),
          rule(
              "\\bi(?:'m| am) not (?:really )?(?:a (?:big )?fan of|into) (?<o>)",
              "dislikes",
              Kind.PREFERENCE,
              "%1$s dislikes %2$s"),
          rule(
              "\\bi(?:'m| am) (?:very |severely |mildly )?allergic to (?<o>)",
              "allergic_to",
              Kind.PREFERENCE,
              "%1$s is allergic to %2$s"),
          rule(
              "\\bi(?:'m| am) (?:an? )?(?:strict )?(?<o>)(?:vegetarian|vegan|pescatarian|pescetarian|lactose intolerant|teetotal)\\b",
              "diet",
              Kind.PHRASE,
              "%1$s is %2$s"));

  private static final Set<String> PREFERENCE_STOPS = Set.of("how", "when", "what", "that", "if");

  private static Rule rule(String cue, String predicate, Kind kind, String template) {
    double confidence = kind == Kind.PREFERENCE ? 0.8 : 0.85;
    return new Rule(Pattern.compile(cue, F), predicate, kind, template, confidence);
  }

  /** Every profile statement in a sentence, about {@code subject} (the speaker). */
  static List<Match> apply(Nlp.Sentence sentence, String subject) {
    List<Match> matches = new ArrayList<>();
    Set<String> seen = new java.util.HashSet<>();
    for (Rule rule : RULES) {
      Matcher m = rule.cue().matcher(sentence.text());
      while (m.find()) {
        String predicate = rule.predicate();
        String template = rule.template();
        if (predicate.contains("{rel}")) {
          String rel = relation(m.group("rel"));
          predicate = rel.equals("spouse") ? "married_to" : "has_" + rel.replace(' ', '_');
          template =
              rel.equals("spouse")
                  ? "%1$s is married to %2$s"
                  : template.replace("{rel}", m.group("rel").toLowerCase(Locale.ROOT));
        }
        if (predicate.contains("{pet}") || template.contains("{pet}")) {
          template = template.replace("{pet}", m.group("pet").toLowerCase(Locale.ROOT));
        }
        if (predicate.contains("{what}")) {
          String what = m.group("what").toLowerCase(Locale.ROOT).replace("colour", "color");
          predicate = "favorite_" + what.replaceAll("[^a-z0-9]+", "_");
          template = template.replace("{what}", what);
        }
        for (String object : objects(sentence, m.start("o"), rule.kind(), predicate)) {
          if (seen.add(predicate + "|" + object.toLowerCase(Locale.ROOT))) {
            matches.add(
                new Match(
                    new Triple(subject, predicate, object),
                    template.formatted(subject, object),
                    rule.confidence()));
          }
        }
      }
    }
    return matches;
  }

  private static List<String> objects(Nlp.Sentence s, int offset, Kind kind, String predicate) {
    int i = s.tokenAt(offset);
    if (i < 0) {
      return List.of();
    }
    String one =
        switch (kind) {
          case NAME, PLACE, ORG -> ObjectPhrases.properNoun(s, i);
          case ORG_OR_PHRASE -> {
            String proper = ObjectPhrases.properNoun(s, i);
            yield proper != null ? proper : ObjectPhrases.nounPhrase(s, i);
          }
          case PHRASE -> {
            String np = ObjectPhrases.phrase(s, i);
            if (np == null && predicate.equals("diet")) {
              np =
                  s.text().substring(s.tokens().get(i).start()).replaceAll("[.!,;].*$", "").strip();
            }
            yield np;
          }
          case NUMBER -> ObjectPhrases.number(s, i);
          case PREFERENCE -> null;
        };
    if (kind == Kind.PREFERENCE) {
      if (predicate.equals("likes") && ObjectPhrases.pointed(s, i)) {
        return List.of(); // "I love the colour": said of what is at hand, not a lasting taste
      }
      return ObjectPhrases.preferences(s, i, PREFERENCE_STOPS).stream()
          .filter(p -> !ObjectPhrases.vague(p))
          .toList();
    }
    return one == null || ObjectPhrases.vague(one) ? List.of() : List.of(one);
  }

  private static String relation(String rel) {
    return switch (rel.toLowerCase(Locale.ROOT)) {
      case "mom", "mum" -> "mother";
      case "dad" -> "father";
      case "grandma" -> "grandmother";
      case "grandpa" -> "grandfather";
      case "wife", "husband", "spouse" -> "spouse";
      case "girlfriend", "boyfriend", "fiance", "fiancé", "fiancee", "fiancée" -> "partner";
      default -> rel.toLowerCase(Locale.ROOT);
    };
  }
}
