package dev.engram.recall.recall;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * The engine's tuning, from {@code engram.recall.*}: list lengths, fusion, the recency half-life,
 * the semantic floor, the graph call and entity injection.
 */
public record RecallSettings(
    int candidates,
    int rrfK,
    Map<Signal, Double> weights,
    Duration halfLife,
    SemanticFloor floor,
    int graphMaxHops,
    int graphLimit,
    int maxNames) {

  public RecallSettings {
    weights = Map.copyOf(new EnumMap<>(weights));
    if (halfLife.isNegative() || halfLife.isZero()) {
      throw new IllegalArgumentException("engram.recall.recency.half-life must be positive");
    }
  }

  double weight(Signal signal) {
    return weights.getOrDefault(signal, 0.0);
  }
}
