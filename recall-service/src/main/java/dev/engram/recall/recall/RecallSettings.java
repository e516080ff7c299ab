package dev.engram.recall.recall;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * The engine's tuning, from {@code engram.recall.*}: list lengths, fusion, the recency half-life
 * and resolution, the semantic floor, the graph call, entity injection, and how many of the first
 * fused candidates seed the conversational evidence (neighbour turns, sessions) and how far apart
 * in time two turns may be to count as neighbours.
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
    Duration neighbourWindow) {

  public RecallSettings {
    weights = Map.copyOf(new EnumMap<>(weights));
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
   * ten minutes.
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
        Duration.ofMinutes(10));
  }

  double weight(Signal signal) {
    return weights.getOrDefault(signal, 0.0);
  }
}
