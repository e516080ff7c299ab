package dev.engram.recall.context;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.config.ContextConfig;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The framing texts of a context block (configurable, see {@link ContextConfig.Templates}). Every
 * untrusted value goes in through {@link UntrustedText}: on one line, quotes escaped.
 */
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
    String omitted,
    String globalSlot,
    String chatSlot,
    String person,
    String recentTurns,
    String turn,
    String facts,
    String fact,
    String omittedTurns,
    String omittedFacts) {

  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);
  private static final int MAX_NAME = 80;

  /** The texts of the memory layers and slots; the conversation's sections get the defaults. */
  ContextTemplates(
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
    this(
        preamble,
        workingMemory,
        hotContext,
        threadHandoff,
        otherSlot,
        identity,
        essential,
        relevance,
        memory,
        exchange,
        omitted,
        "## Notes for every agent: {name}",
        "## Notes on this chat: {name}",
        "## Person: {name}",
        "## The conversation so far",
        "- {speaker}: \"{text}\"",
        "## What is true now",
        "- {fact}",
        "(+{n} earlier turns omitted)",
        "(+{n} facts omitted)");
  }

  static ContextTemplates of(ContextConfig.Templates t) {
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
        t.omitted(),
        t.globalSlot(),
        t.chatSlot(),
        t.person(),
        t.recentTurns(),
        t.turn(),
        t.facts(),
        t.fact(),
        t.omittedTurns(),
        t.omittedFacts());
  }

  /** Slots in this order: working memory, hot context, thread handoff, then the rest by name. */
  static int slotRank(String name) {
    return switch (name) {
      case "working_memory" -> 0;
      case "hot_context" -> 1;
      case "thread_handoff", "handoff" -> 2;
      default -> 3;
    };
  }

  String slotHeading(SlotSource.Slot slot) {
    String name = slot.name();
    if ("TENANT".equals(slot.ownerType())) {
      return globalSlot.replace("{name}", name);
    }
    return switch (name) {
      case "working_memory" -> workingMemory;
      case "hot_context" -> hotContext;
      case "thread_handoff", "handoff" -> threadHandoff;
      default -> ("CHAT".equals(slot.ownerType()) ? chatSlot : otherSlot).replace("{name}", name);
    };
  }

  /** One memory or exchange as a line of the block. */
  String line(IndexDocument d) {
    String template = d.kind() == DocKind.EXCHANGE ? exchange : memory;
    return template
        .replace("{date}", DATE.format(d.createdAt()))
        .replace("{speaker}", speaker(d.speaker()))
        .replace("{category}", d.category() == null ? "" : d.category().toLowerCase(Locale.ROOT))
        .replace("{text}", UntrustedText.line(d.text()));
  }

  /** One recent turn as a line of the block. */
  String line(TurnSource.Turn t) {
    return turn.replace("{date}", t.occurredAt() == null ? "" : DATE.format(t.occurredAt()))
        .replace("{speaker}", speaker(t.speaker()))
        .replace("{text}", UntrustedText.line(t.text()));
  }

  /** One current fact: "Alice lives_in Oslo (since 2026-03-01)". */
  String line(FactSource.Fact f) {
    StringBuilder out =
        new StringBuilder(UntrustedText.name(f.subject(), MAX_NAME))
            .append(' ')
            .append(UntrustedText.name(f.predicate(), MAX_NAME))
            .append(' ')
            .append(UntrustedText.name(f.object(), MAX_NAME));
    String since = f.validFrom() == null ? null : "since " + date(f.validFrom());
    String until = f.validTo() == null ? null : "until " + date(f.validTo());
    if (since != null || until != null) {
      out.append(" (")
          .append(since == null ? until : until == null ? since : since + ", " + until)
          .append(')');
    }
    return fact.replace("{fact}", out);
  }

  String personHeading(String name) {
    return person.replace("{name}", UntrustedText.name(name, MAX_NAME));
  }

  /** The last line of a section that left {@code n} items out, in the section's words. */
  String omitted(String layer, long n) {
    String template =
        switch (layer) {
          case ContextSection.TURNS -> omittedTurns;
          case ContextSection.FACTS -> omittedFacts;
          default -> omitted;
        };
    return template.replace("{n}", Long.toString(n));
  }

  String omitted(long n) {
    return omitted("", n);
  }

  private static String speaker(String speaker) {
    return speaker == null ? "someone" : UntrustedText.name(speaker, MAX_NAME);
  }

  private static String date(Instant at) {
    return DATE.format(at);
  }
}
