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

  /** What ends a line of a note: CR LF, and every other line or paragraph break. */
  private static final Pattern LINE_ENDS =
      Pattern.compile("\\r\\n|[\\n\\r\\u000B\\u000C\\u0085\\p{Zl}\\p{Zp}]");

  /** Inside a line: other control characters (a tab too). */
  private static final Pattern IN_LINE = Pattern.compile("\\p{Cntrl}");

  private UntrustedText() {}

  /** The text on one line, quotes and backslashes escaped. */
  static String line(String text) {
    if (text == null) {
      return "";
    }
    return BREAKS.matcher(text).replaceAll(" ").strip().replace("\\", "\\\\").replace("\"", "\\\"");
  }

  /**
   * A note of several lines (a slot's content) as a quote: every line, however it was broken (CR,
   * LF, a Unicode line or paragraph separator), starts with {@code "> "}, so no line of it can pass
   * for a heading or an instruction of the block; blank lines at its ends and white space at the
   * ends of lines are dropped, control characters inside a line become spaces (indentation stays).
   * Empty for a note with nothing to show.
   */
  static String quote(String text) {
    if (text == null) {
      return "";
    }
    String[] lines = LINE_ENDS.split(text, -1);
    int first = 0;
    int last = lines.length - 1;
    while (first <= last && IN_LINE.matcher(lines[first]).replaceAll(" ").isBlank()) {
      first++;
    }
    while (last >= first && IN_LINE.matcher(lines[last]).replaceAll(" ").isBlank()) {
      last--;
    }
    StringBuilder out = new StringBuilder();
    for (int i = first; i <= last; i++) {
      String line = IN_LINE.matcher(lines[i]).replaceAll(" ").stripTrailing();
      if (!out.isEmpty()) {
        out.append('\n');
      }
      out.append(line.isEmpty() ? ">" : "> " + line);
    }
    return out.toString();
  }

  /** A name (speaker, person, entity) on one line, escaped, at most {@code max} characters. */
  static String name(String name, int max) {
    String one = line(name);
    return one.length() > max ? one.substring(0, max) + "..." : one;
  }
}
