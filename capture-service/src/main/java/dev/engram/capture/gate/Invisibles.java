package dev.engram.capture.gate;

import java.util.Locale;
import java.util.Optional;

/**
 * Characters that hide text from a human reviewer while the model still reads it. Some are never
 * legitimate in stored text (tags, bidi controls, zero-width space); the other default-ignorables
 * (soft hyphen, direction marks, the grapheme joiner, variation selectors, ZWJ/ZWNJ) have honest
 * uses next to emoji and in scripts that join letters, but inside a Latin, Greek or Cyrillic word
 * they only serve to split a keyword so a filter misses it.
 */
final class Invisibles {

  private Invisibles() {}

  static Optional<InjectionScanner.Finding> find(String text) {
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      String what = alwaysHidden(cp, i);
      if (what == null && (cp == 0x200C || cp == 0x200D) && !joinerInContext(text, i)) {
        what = "invisible character";
      }
      if (what == null && TextForms.ignorable(cp) && insideWord(text, i, cp)) {
        what = "invisible character inside a word";
      }
      if (what != null) {
        return Optional.of(
            new InjectionScanner.Finding(
                InjectionScanner.Kind.INVISIBLE_UNICODE,
                what + " U+" + Integer.toHexString(cp).toUpperCase(Locale.ROOT) + " at " + i));
      }
      i += Character.charCount(cp);
    }
    return Optional.empty();
  }

  private static String alwaysHidden(int cp, int at) {
    if (cp >= 0xE0000 && cp <= 0xE007F) {
      return "tag character";
    }
    if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) {
      return "bidi control";
    }
    if (cp == 0x200B
        || (cp >= 0x2060 && cp <= 0x2064)
        || cp == 0x180E
        || cp == 0x3164
        || cp == 0x115F
        || cp == 0x1160
        || cp == 0xFFA0
        || (cp == 0xFEFF && at > 0)) {
      return "invisible character";
    }
    return null;
  }

  /** ZWJ/ZWNJ between two letters (Indic, Persian) or symbols (emoji sequences) is legitimate. */
  private static boolean joinerInContext(String text, int i) {
    if (i == 0 || i + 1 >= text.length()) {
      return false;
    }
    int before = text.codePointBefore(i);
    int after = text.codePointAt(i + 1);
    return (Character.isLetter(before) || isSymbol(before))
        && (Character.isLetter(after) || isSymbol(after) || after == 0xFE0F);
  }

  private static boolean isSymbol(int cp) {
    int type = Character.getType(cp);
    return type == Character.OTHER_SYMBOL
        || type == Character.NON_SPACING_MARK
        || cp == 0xFE0F
        || (cp >= 0x1F3FB && cp <= 0x1F3FF);
  }

  /**
   * The nearest visible neighbours on both sides (skipping further ignorables) are letters, and at
   * least one of them is of a script that never joins letters with invisible marks.
   */
  private static boolean insideWord(String text, int at, int cp) {
    int before = visibleBefore(text, at);
    int after = visibleAfter(text, at + Character.charCount(cp));
    if (before < 0 || after < 0 || !Character.isLetter(before) || !Character.isLetter(after)) {
      return false;
    }
    return plainScript(before) || plainScript(after);
  }

  private static boolean plainScript(int cp) {
    Character.UnicodeScript script = Character.UnicodeScript.of(cp);
    return script == Character.UnicodeScript.LATIN
        || script == Character.UnicodeScript.CYRILLIC
        || script == Character.UnicodeScript.GREEK;
  }

  private static int visibleBefore(String text, int at) {
    int i = at;
    while (i > 0) {
      int cp = text.codePointBefore(i);
      if (!TextForms.ignorable(cp) && Character.getType(cp) != Character.NON_SPACING_MARK) {
        return cp;
      }
      i -= Character.charCount(cp);
    }
    return -1;
  }

  private static int visibleAfter(String text, int from) {
    int i = from;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      if (!TextForms.ignorable(cp) && Character.getType(cp) != Character.NON_SPACING_MARK) {
        return cp;
      }
      i += Character.charCount(cp);
    }
    return -1;
  }
}
