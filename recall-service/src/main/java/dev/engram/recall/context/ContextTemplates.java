package dev.engram.recall.context;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.config.RecallConfig;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** The framing texts of a context block (configurable, see {@link RecallConfig.Templates}). */
record ContextTemplates(
    String preamble,
    String workingMemory,
    String hotContext,
    String threadHandoff,
    String otherSlot,
    String identity,
    String essential,
    String relevance,
    String memory,
    String exchange,
    String omitted) {

  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);

  static ContextTemplates of(RecallConfig.Templates t) {
    return new ContextTemplates(
        t.preamble(),
        t.workingMemory(),
        t.hotContext(),
        t.threadHandoff(),
        t.otherSlot(),
        t.identity(),
        t.essential(),
        t.relevance(),
        t.memory(),
        t.exchange(),
        t.omitted());
  }

  /** Slots in this order: working memory, hot context, thread handoff, then the rest by name. */
  static int slotRank(String name) {
    return switch (name) {
      case "working_memory" -> 0;
      case "hot_context" -> 1;
      case "thread_handoff" -> 2;
      default -> 3;
    };
  }

  String slotHeading(String name) {
    return switch (name) {
      case "working_memory" -> workingMemory;
      case "hot_context" -> hotContext;
      case "thread_handoff" -> threadHandoff;
      default -> otherSlot.replace("{name}", name);
    };
  }

  /** One memory or exchange as a line of the block. */
  String line(IndexDocument d) {
    String template = d.kind() == DocKind.EXCHANGE ? exchange : memory;
    return template
        .replace("{date}", DATE.format(d.createdAt()))
        .replace("{speaker}", d.speaker() == null ? "someone" : d.speaker())
        .replace("{category}", d.category() == null ? "" : d.category().toLowerCase(Locale.ROOT))
        .replace("{text}", d.text().strip());
  }

  String omitted(long n) {
    return omitted.replace("{n}", Long.toString(n));
  }
}
