package dev.engram.recall.recall;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Proper nouns of a query, for named-entity injection: capitalised words (or codes with capitals
 * and digits, like QZX4471), consecutive ones joined ("New York"), without the capitalised words
 * that start questions and sentences ("Where", "Did", "The"), weekdays and months. A heuristic on
 * purpose: it needs no model, costs microseconds, and a miss only means no injection (the other
 * signals still search).
 */
public final class ProperNouns {

  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}&'’.-]*");

  private static final Pattern POSSESSIVE = Pattern.compile("['’][sS]?$");

  private static final Set<String> NOT_NAMES =
      Set.of(
          String.join(
                  " ",
                  "what where when who whom whose why how which is are was were be been do",
                  "does did done can could would should will shall may might must have has",
                  "had the a an i i'm i've i'd i'll me my mine we us our you your he him",
                  "his she her it its they them their this that these those there here tell",
                  "please remind remember recall list name give show find describe explain",
                  "and or but if in on at for to of with about from by after before during",
                  "since as yes no not ok okay hi hello hey thanks also so then now today",
                  "yesterday tomorrow any some all each every both other another again",
                  "still just monday tuesday wednesday thursday friday saturday sunday",
                  "january february march april june july august september october november",
                  "december")
              .split(" "));

  private ProperNouns() {}

  /** The distinct proper nouns of a query, in order, at most {@code max}. */
  public static List<String> in(String query, int max) {
    Set<String> names = new LinkedHashSet<>();
    List<String> current = new ArrayList<>();
    int end = -1;
    Matcher m = WORD.matcher(query);
    while (m.find() && names.size() < max) {
      String word = strip(m.group());
      boolean adjacent = end >= 0 && query.substring(end, m.start()).isBlank();
      if (!adjacent || !isName(word)) {
        flush(current, names);
      }
      if (isName(word)) {
        current.add(word);
      }
      end = m.end();
      if (POSSESSIVE.matcher(m.group()).find()) {
        flush(current, names); // "Alice's Lisbon trip": two names, not "Alice Lisbon"
        end = -1;
      }
    }
    if (names.size() < max) {
      flush(current, names);
    }
    return List.copyOf(names);
  }

  /** Whether {@code text} contains {@code name} exactly, as whole words. */
  static boolean mentions(String text, String name) {
    for (int i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
      int after = i + name.length();
      boolean startsWord = i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1));
      boolean endsWord = after == text.length() || !Character.isLetterOrDigit(text.charAt(after));
      if (startsWord && endsWord) {
        return true;
      }
    }
    return false;
  }

  private static boolean isName(String word) {
    if (word.length() < 2 || NOT_NAMES.contains(word.toLowerCase(Locale.ROOT))) {
      return false;
    }
    return Character.isUpperCase(word.codePointAt(0))
        || (word.chars().anyMatch(Character::isUpperCase)
            && word.chars().anyMatch(Character::isDigit));
  }

  /** Drops a possessive and trailing punctuation: "Alice's" is Alice. */
  private static String strip(String word) {
    String w = POSSESSIVE.matcher(word).replaceAll("");
    return w.replaceAll("[.\\-&]+$", "");
  }

  private static void flush(List<String> current, Set<String> names) {
    if (!current.isEmpty()) {
      names.add(String.join(" ", current));
      current.clear();
    }
  }
}
