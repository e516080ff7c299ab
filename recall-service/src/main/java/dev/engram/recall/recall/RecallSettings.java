package dev.engram.recall.recall;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * The engine's tuning, from {@code engram.recall.*}: list lengths, fusion, the recency half-life
 * and resolution, the semantic floor, the graph call, entity injection, and how many of the first
 * fused candidates seed the conversational evidence (neighbour turns, sessions) and how far apart
 * in time two turns may be to count as neighbours, and the graph expansion of the first fusion's
 * best memories; and the second round's evidence rules ({@link Ranking}).
 */
public record RecallSettings(
    int candidates,
    int rrfK,
    Map<Signal, Double> weights,
    Duration halfLife,
    SemanticFloor floor,
    int graphMaxHops,
    int graphLimit,
    int maxNames,
    Duration recencyResolution,
    int evidenceSeeds,
    Duration neighbourWindow,
    Expansion expansion,
    Ranking ranking) {

  /**
   * The second round's evidence rules (issue 14) that are not a ranked list, off until measured:
   * {@code foldSources}: a memory and its own source exchange in one answer are two places for one
   * turn; the better-ranked one stays and the other gives its place. (The other rules are signals
   * with weights: {@link Signal#SEED_NEIGHBOUR}, {@link Signal#SPEAKER}.)
   */
  public record Ranking(boolean foldSources) {

    /** The ranking of the first round. */
    public static final Ranking OFF = new Ranking(false);
  }

  /**
   * The expansion signal's graph call: the first fusion's best {@code seeds} items give their
   * memories as starting points, {@code maxHops} hops, at most {@code limit} items, waited for at
   * most {@code budget} (later: skipped, the recall answers without it).
   */
  public record Expansion(int seeds, int maxHops, int limit, Duration budget) {

    /** Ten seeds, one hop, twenty items within 150 ms. */
    public static final Expansion DEFAULT = new Expansion(10, 1, 20, Duration.ofMillis(150));

    public Expansion {
      if (seeds < 1 || maxHops < 1 || limit < 1) {
        throw new IllegalArgumentException("engram.recall.graph.expansion: seeds, max-hops, limit");
      }
      if (budget.isNegative() || budget.isZero()) {
        throw new IllegalArgumentException(
            "engram.recall.graph.expansion.timeout must be positive");
      }
    }
  }

  /** The first round's evidence rules ({@link Ranking#OFF}). */
  public RecallSettings(
      int candidates,
      int rrfK,
      Map<Signal, Double> weights,
      Duration halfLife,
      SemanticFloor floor,
      int graphMaxHops,
      int graphLimit,
      int maxNames,
      Duration recencyResolution,
      int evidenceSeeds,
      Duration neighbourWindow,
      Expansion expansion) {
    this(
        candidates,
        rrfK,
        weights,
        halfLife,
        floor,
        graphMaxHops,
        graphLimit,
        maxNames,
        recencyResolution,
        evidenceSeeds,
        neighbourWindow,
        expansion,
        Ranking.OFF);
  }

  public RecallSettings {
    weights = Map.copyOf(new EnumMap<>(weights));
    Objects.requireNonNull(ranking, "ranking");
    if (halfLife.isNegative() || halfLife.isZero()) {
      throw new IllegalArgumentException("engram.recall.recency.half-life must be positive");
    }
    if (recencyResolution.isNegative() || recencyResolution.isZero()) {
      throw new IllegalArgumentException("engram.recall.recency.resolution must be positive");
    }
    if (neighbourWindow.isNegative() || neighbourWindow.isZero()) {
      throw new IllegalArgumentException(
          "engram.recall.evidence.neighbour-window must be positive");
    }
  }

  /**
   * Recency at an hour's resolution; evidence seeded by {@code candidates} items, neighbours within
   * ten minutes; the default expansion call.
   */
  public RecallSettings(
      int candidates,
      int rrfK,
      Map<Signal, Double> weights,
      Duration halfLife,
      SemanticFloor floor,
      int graphMaxHops,
      int graphLimit,
      int maxNames) {
    this(
        candidates,
        rrfK,
        weights,
        halfLife,
        floor,
        graphMaxHops,
        graphLimit,
        maxNames,
        Duration.ofHours(1),
        candidates,
        Duration.ofMinutes(10),
        Expansion.DEFAULT);
  }

  /** These settings with other evidence rules. */
  public RecallSettings with(Ranking other) {
    return new RecallSettings(
        candidates,
        rrfK,
        weights,
        halfLife,
        floor,
        graphMaxHops,
        graphLimit,
        maxNames,
        recencyResolution,
        evidenceSeeds,
        neighbourWindow,
        expansion,
        other);
  }

  double weight(Signal signal) {
    return weights.getOrDefault(signal, 0.0);
  }
}
