package dev.engram.capture.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The words a phrase rule's every match starts with, so that a text holding none of them is not
 * searched with the rule's pattern at all: most rules open with {@code \b(ignore|disregard|…)}, and
 * an ordinary memory holds none of those words, while searching it with a case-insensitive Unicode
 * pattern per rule and per form was most of the gate's time.
 *
 * <p>Keys are compared after {@link #fold}, the case folding {@link java.util.regex.Pattern} itself
 * applies under {@code CASE_INSENSITIVE | UNICODE_CASE} (lower case of upper case, per character),
 * so a key absent from the folded text proves the pattern cannot match it. A pattern whose opening
 * is not a plain word or a group of plain-word alternatives (an anchor, a class, a symbol, an
 * optional group) has no keys and is always searched.
 */
final class RuleKeys {

  private RuleKeys() {}

  /** The keys of a pattern (as written in the rule files, a space between words), if it has any. */
  static Optional<List<String>> of(String pattern) {
    List<String> keys = new ArrayList<>();
    for (String branch : alternatives(pattern)) {
      if (!branchKeys(branch, keys)) {
        return Optional.empty();
      }
    }
    for (String key : keys) {
      if (key.isEmpty() || !fold(key).equals(fold(fold(key)))) {
        return Optional.empty();
      }
    }
    return Optional.of(keys.stream().map(RuleKeys::fold).distinct().toList());
  }

  /** Case folding as the regex engine applies it: lower case of upper case, per code point. */
  static String fold(String text) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints()
        .map(cp -> Character.toLowerCase(Character.toUpperCase(cp)))
        .forEach(out::appendCodePoint);
    return out.toString();
  }

  /** Whether the folded text holds any of the keys. */
  static boolean anyIn(List<String> keys, String folded) {
    for (String key : keys) {
      if (folded.contains(key)) {
        return true;
      }
    }
    return false;
  }

  private static boolean branchKeys(String branch, List<String> keys) {
    String b = branch.startsWith("\\b") ? branch.substring(2) : branch;
    if (b.startsWith("(?:") || (b.startsWith("(") && !b.startsWith("(?"))) {
      int open = b.startsWith("(?:") ? 3 : 1;
      int close = closing(b, open);
      if (close < 0 || (close + 1 < b.length() && "?*{".indexOf(b.charAt(close + 1)) >= 0)) {
        return false;
      }
      for (String alternative : alternatives(b.substring(open, close))) {
        Optional<String> run = leadingWord(alternative);
        if (run.isEmpty()) {
          return false;
        }
        keys.add(run.get());
      }
      return true;
    }
    Optional<String> run = leadingWord(b);
    run.ifPresent(keys::add);
    return run.isPresent();
  }

  /** The letters an alternative opens with, less a last letter a quantifier makes optional. */
  private static Optional<String> leadingWord(String alternative) {
    int end = 0;
    while (end < alternative.length()
        && (Character.isLetter(alternative.charAt(end)) || alternative.charAt(end) == '\'')) {
      end++;
    }
    if (end < alternative.length() && "?*{".indexOf(alternative.charAt(end)) >= 0) {
      end--;
    }
    return end > 0 ? Optional.of(alternative.substring(0, end)) : Optional.empty();
  }

  /**
   * The top-level alternatives of a pattern (split at each {@code |} outside groups and classes).
   */
  private static List<String> alternatives(String pattern) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '[') {
        i = classEnd(pattern, i);
      } else if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == '|' && depth == 0) {
        parts.add(pattern.substring(start, i));
        start = i + 1;
      }
    }
    parts.add(pattern.substring(start));
    return parts;
  }

  /** The index of the parenthesis closing the group whose content starts at {@code from}. */
  private static int closing(String pattern, int from) {
    int depth = 1;
    for (int i = from; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '[') {
        i = classEnd(pattern, i);
      } else if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  private static int classEnd(String pattern, int open) {
    int i = open + 1;
    if (i < pattern.length() && pattern.charAt(i) == '^') {
      i++;
    }
    if (i < pattern.length() && pattern.charAt(i) == ']') {
      i++;
    }
    for (; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == ']') {
        return i;
      }
    }
    return pattern.length();
  }
}
