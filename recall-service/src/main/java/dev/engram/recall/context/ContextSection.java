package dev.engram.recall.context;

import dev.engram.recall.index.DocKey;
import java.util.ArrayList;
import java.util.List;

/**
 * One section of a context block while it is filled: a slot (its content), or a layer (the lines of
 * the items selected from its candidates). Not rendered when it selected nothing.
 */
final class ContextSection {

  /** A selected item and its line. */
  record Entry(DocKey key, String line) {}

  final String name;
  final String layer;
  final String heading;
  final List<Entry> entries = new ArrayList<>();
  String content; // slots only
  boolean truncated;
  long candidates;
  int budget;
  int used; // tokens the assembler accounted for, separator included

  ContextSection(String name, String layer, String heading) {
    this.name = name;
    this.layer = layer;
    this.heading = heading;
  }

  boolean isSlot() {
    return content != null;
  }

  boolean rendered() {
    return isSlot() ? !content.isEmpty() : !entries.isEmpty();
  }

  long omitted() {
    if (isSlot()) {
      return content.isEmpty() ? 1 : 0;
    }
    return candidates - entries.size();
  }

  /** The section's text: heading, then content or lines, then the omitted line if any. */
  String text(ContextTemplates templates) {
    if (!rendered()) {
      return "";
    }
    List<String> lines = new ArrayList<>();
    if (!heading.isEmpty()) {
      lines.add(heading);
    }
    if (isSlot()) {
      lines.add(content);
    } else {
      entries.forEach(e -> lines.add(e.line()));
      if (omitted() > 0) {
        lines.add(templates.omitted(omitted()));
      }
    }
    return String.join("\n", lines);
  }
}
