package dev.engram.recall.context;

import java.util.Collections;
import java.util.List;

/**
 * Fills one section within the tokens it may use, counting its separator, heading, lines and the
 * omitted line by the tokenizer: a slot's content (quoted line by line, cut at a token edge), or
 * lines taken best first (one that does not fit is skipped for a smaller one after it) or newest
 * first in a row.
 */
final class SectionFill {

  private final TokenCounter tokens;
  private final ContextTemplates templates;

  SectionFill(TokenCounter tokens, ContextTemplates templates) {
    this.tokens = tokens;
    this.templates = templates;
  }

  int fillSlot(ContextSection s, String content, int room, boolean first) {
    s.budget = room;
    int fixed =
        (first ? 0 : tokens.count(ContextAssembler.SEPARATOR)) + tokens.count(s.heading + "\n");
    String body =
        UntrustedText.quote(content); // every line quoted: what passed the gate stays data
    if (body.isEmpty() || fixed >= room) {
      s.content = "";
      s.truncated = !body.isEmpty();
      return 0;
    }
    String fitted = tokens.truncate(body, room - fixed);
    s.content = fitted;
    s.truncated = fitted.length() < body.length();
    s.used = fixed + tokens.count(fitted);
    return s.used;
  }

  /**
   * Fills a section with lines within {@code room} tokens (separator included); returns the tokens
   * used. {@code newest}: the lines are oldest first and the newest that fit in a row are kept.
   */
  int fillLines(
      ContextSection s,
      List<ContextSection.Entry> candidates,
      int room,
      boolean first,
      boolean newest) {
    s.budget = Math.max(0, room);
    int cost = tryFill(s, candidates, room, first, 0, newest);
    if (s.omitted() > 0) {
      int reserve = tokens.count("\n" + templates.omitted(s.layer, s.candidates));
      cost = tryFill(s, candidates, room, first, reserve, newest);
    }
    if (!s.rendered()) {
      return 0;
    }
    s.used =
        s.omitted() > 0
            ? cost + tokens.count("\n" + templates.omitted(s.layer, s.omitted()))
            : cost;
    return s.used;
  }

  private int tryFill(
      ContextSection s,
      List<ContextSection.Entry> candidates,
      int room,
      boolean first,
      int reserve,
      boolean newest) {
    s.entries.clear();
    int cost = (first ? 0 : tokens.count(ContextAssembler.SEPARATOR)) + tokens.count(s.heading);
    for (ContextSection.Entry e : newest ? candidates.reversed() : candidates) {
      boolean lead = s.entries.isEmpty() && s.heading.isEmpty();
      int lineCost = tokens.count(lead ? e.line() : "\n" + e.line());
      if (cost + lineCost + reserve <= room) {
        s.entries.add(e);
        cost += lineCost;
      } else if (newest) {
        break; // no gap in a conversation: older turns than one that did not fit stay out
      }
    }
    if (newest) {
      Collections.reverse(s.entries);
    }
    return cost;
  }
}
