package dev.engram.recall.context;

import dev.engram.recall.index.DocKey;
import java.util.ArrayList;
import java.util.List;

/**
 * One section of a context block while it is filled: a slot (its content), or a list (the lines of
 * the items selected from its candidates: a memory layer, a person, the current facts, the recent
 * turns). Not rendered when it selected nothing.
 */
final class ContextSection {

  static final String SLOTS = "slots";
  static final String PEOPLE = "people";
  static final String FACTS = "facts";
  static final String TURNS = "turns";
  static final String BELIEFS = "beliefs";

  /** A selected item and its line: a memory or turn ({@code key}), or a fact ({@code fact}). */
  record Entry(DocKey key, long fact, String line) {

    Entry(DocKey key, String line) {
      this(key, 0, line);
    }

    static Entry fact(FactSource.Fact f, String line) {
      return new Entry(null, f.id(), line);
    }
  }

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

  /** Drops one item when the block must shrink: the oldest turn, else the last line. */
  void dropOne() {
    if (layer.equals(TURNS)) {
      entries.removeFirst();
    } else {
      entries.removeLast();
    }
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
        lines.add(templates.omitted(layer, omitted()));
      }
    }
    return String.join("\n", lines);
  }
}
