package dev.engram.recall.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.time.Duration;

/** Context assembly ({@code POST /v1/context}; {@code engram.recall.context.*}). */
@ConfigMapping(prefix = "engram.recall.context")
public interface ContextConfig {

  /** The BPE encoding that counts tokens (a jtokkit name: cl100k_base, o200k_base, ...). */
  @WithDefault("cl100k_base")
  String encoding();

  /** Share of the budget left after slots for L0 identity (PROFILE memories). */
  @WithDefault("0.2")
  @DecimalMin("0")
  @DecimalMax("1")
  double identityShare();

  /** Share of the budget left after slots for L1 essential (highest confidence). */
  @WithDefault("0.3")
  @DecimalMin("0")
  @DecimalMax("1")
  double essentialShare();

  /** Candidates read per layer (L0, L1) and recalled for L2. */
  @WithDefault("50")
  @Min(1)
  @Max(500)
  int candidates();

  /** Longest wait for capture-service's slots; after it the context is built without them. */
  @WithDefault("PT0.5S")
  Duration slotsTimeout();

  /** Recent turns of the chat shown (last N); a request's recent_turns overrides it. */
  @WithDefault("10")
  @Min(0)
  @Max(100)
  int recentTurns();

  /** Longest wait for capture-service's recent turns; after it the context goes without. */
  @WithDefault("PT0.5S")
  Duration recentTurnsTimeout();

  /** Most of the budget left after slots the recent turns may take (newest kept first). */
  @WithDefault("0.25")
  @DecimalMin("0")
  @DecimalMax("1")
  double recentTurnsShare();

  /** Most of the budget left after slots the Person sections may take together. */
  @WithDefault("0.2")
  @DecimalMin("0")
  @DecimalMax("1")
  double peopleShare();

  /** Most people of a chat (its recent senders) given a Person section. */
  @WithDefault("5")
  @Min(0)
  @Max(50)
  int maxPeople();

  /** Most of the budget left after slots the current facts may take. */
  @WithDefault("0.1")
  @DecimalMin("0")
  @DecimalMax("1")
  double factsShare();

  /** Current facts asked of graph-service. */
  @WithDefault("20")
  @Min(1)
  @Max(200)
  int factsLimit();

  /** Longest wait for graph-service's current facts; after it the context goes without. */
  @WithDefault("PT0.3S")
  Duration factsTimeout();

  /** Framing texts. */
  Templates templates();

  /**
   * Framing texts of the context block. Placeholders: {name} (slot, person), {text}, {date}
   * (yyyy-MM-dd), {speaker}, {n}, {fact}. An empty heading leaves its section without one. {text}
   * and {speaker} are untrusted: they arrive on one line with {@code "} escaped, so a template that
   * quotes them keeps them data.
   */
  interface Templates {

    /** First line: anchors the model to its memories. */
    @WithDefault(
        "These are my memories. I state only what these memories say and do not invent details"
            + " they do not contain.")
    String preamble();

    /** Heading of the working-memory slot. */
    @WithDefault("## What I am working on")
    String workingMemory();

    /** Heading of the hot-context slot. */
    @WithDefault("## What is on my mind right now")
    String hotContext();

    /** Heading of the thread-handoff slot. */
    @WithDefault("## Where this thread left off")
    String threadHandoff();

    /** Heading of any other slot. */
    @WithDefault("## My notes: {name}")
    String otherSlot();

    /** Heading of L0 identity. */
    @WithDefault("## Who I am and who I talk to")
    String identity();

    /** Heading of L1 essential. */
    @WithDefault("## What I know for certain")
    String essential();

    /** Heading of L2 relevance. */
    @WithDefault("## What I remember about this")
    String relevance();

    /** One memory. */
    @WithDefault("- \"{text}\" ({date})")
    String memory();

    /** One exchange. */
    @WithDefault("- {speaker} said on {date}: \"{text}\"")
    String exchange();

    /** Heading of a slot of the tenant (global notes, written with an admin key). */
    @WithDefault("## Notes for every agent: {name}")
    String globalSlot();

    /** Heading of a slot of the chat. */
    @WithDefault("## Notes on this chat: {name}")
    String chatSlot();

    /** Heading of what is known about one person of the chat ({name}). */
    @WithDefault("## Person: {name}")
    String person();

    /** Heading of the chat's recent turns. */
    @WithDefault("## The conversation so far")
    String recentTurns();

    /** One recent turn ({speaker}, {text}, {date}). */
    @WithDefault("- {speaker}: \"{text}\"")
    String turn();

    /** Heading of the current facts. */
    @WithDefault("## What is true now")
    String facts();

    /** One current fact ({fact}: "Alice lives_in Oslo (since 2026-03-01)"). */
    @WithDefault("- {fact}")
    String fact();

    /** Last line of a section that left items out. */
    @WithDefault("(+{n} memories omitted)")
    String omitted();

    /** Last line of the recent turns when earlier ones were left out. */
    @WithDefault("(+{n} earlier turns omitted)")
    String omittedTurns();

    /** Last line of the current facts when some were left out. */
    @WithDefault("(+{n} facts omitted)")
    String omittedFacts();
  }
}
