package dev.engram.recall.injection;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What one {@code context} or {@code session_start} answer gave the agent, as sent to
 * capture-service's {@code POST /internal/v1/injections}: its counts, each section with the items
 * it showed, the candidates left out and the sources the answer did without.
 */
public record InjectionRecord(
    String tenant,
    String agent,
    String chat,
    String thread,
    String sessionId,
    String kind,
    Instant createdAt,
    String query,
    int budgetTokens,
    int tokens,
    int selected,
    long candidates,
    long omitted,
    List<Section> sections,
    List<Omitted> omittedItems,
    List<Skipped> skippedSources) {

  public static final String CONTEXT = "context";
  public static final String SESSION_START = "session_start";

  /** A section and the items it showed. */
  public record Section(String name, int tokens, List<Shown> items) {}

  /**
   * An item shown: {@code memory:12}, {@code exchange:34}, {@code fact:5}, {@code slot:handoff} or
   * {@code belief:1}; its line; for a recall hit its fused score and per-signal ranks.
   */
  public record Shown(String ref, String text, Double score, Map<String, SignalRank> signals) {}

  /** Where one recall signal ranked the item, and its own score. */
  public record SignalRank(int rank, double score) {}

  /** A candidate left out, and why. */
  public record Omitted(String ref, String reason) {}

  /** A source the answer did without, and why. */
  public record Skipped(String source, String reason) {}
}
