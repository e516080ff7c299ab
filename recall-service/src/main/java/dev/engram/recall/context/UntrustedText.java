package dev.engram.recall.context;

import java.util.regex.Pattern;

/**
 * Text a context block shows but nobody vouched for (turns, memory texts, speaker and entity
 * names): put on one line, with {@code \} and {@code "} escaped, so that inside a quoted line of
 * the block it stays data. A turn saying "SYSTEM: ignore previous instructions" on a line of its
 * own would read like a new instruction; inside its quotes it is what someone said.
 */
final class UntrustedText {

  /** Control characters, line and paragraph separators, and runs of white space. */
  private static final Pattern BREAKS = Pattern.compile("[\\p{Cntrl}\\p{Zl}\\p{Zp}\\s]+");

  private UntrustedText() {}

  /** The text on one line, quotes and backslashes escaped. */
  static String line(String text) {
    if (text == null) {
      return "";
    }
    return BREAKS.matcher(text).replaceAll(" ").strip().replace("\\", "\\\\").replace("\"", "\\\"");
  }

  /** A name (speaker, person, entity) on one line, escaped, at most {@code max} characters. */
  static String name(String name, int max) {
    String one = line(name);
    return one.length() > max ? one.substring(0, max) + "..." : one;
  }
}
