package dev.engram.recall.recall;

import dev.engram.recall.config.RecallConfig;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * The engine's tuning, built from {@code engram.recall.*} by {@link #of}: list lengths, fusion
 * weights, recency, the semantic floor, the graph calls, entity injection and the conversational
 * evidence. Tests start from the same factory (the production defaults) and change what they test
 * with the {@code with...} methods, so they run the configuration users run.
 */
public record RecallSettings(
    int candidates,
    int rrfK,
    Map<Signal, Double> weights,
    Decay recency,
    SemanticFloor floor,
    GraphCall graph,
    int maxNames,
    Evidence evidence,
    Expansion expansion) {

  /** Recency's half-life, and the window within which two times tie. */
  public record Decay(Duration halfLife, Duration resolution) {
    public Decay {
      positive(halfLife, "engram.recall.recency.half-life");
      positive(resolution, "engram.recall.recency.resolution");
    }
  }

  /** The graph signal's call: hops from the entities the query names, items asked. */
  public record GraphCall(int maxHops, int limit) {}

  /**
   * Conversational evidence: how many of the first fusion's best items seed the neighbour lists,
   * how far apart two turns of a session may be to count as neighbours, and whether a memory and
   * its own source exchange in one answer give one place back (the better-ranked stays).
   */
  public record Evidence(int seeds, Duration neighbourWindow, boolean foldSources) {
    public Evidence {
      positive(neighbourWindow, "engram.recall.evidence.neighbour-window");
    }
  }

  /**
   * The expansion signal's graph call: the first fusion's best {@code seeds} items give their
   * memories as starting points, {@code maxHops} hops, at most {@code limit} items, waited for at
   * most {@code budget} (later: skipped, the recall answers without it).
   */
  public record Expansion(int seeds, int maxHops, int limit, Duration budget) {
    public Expansion {
      if (seeds < 1 || maxHops < 1 || limit < 1) {
        throw new IllegalArgumentException("engram.recall.graph.expansion: seeds, max-hops, limit");
      }
      positive(budget, "engram.recall.graph.expansion.timeout");
    }
  }

  public RecallSettings {
    weights = Map.copyOf(new EnumMap<>(weights));
  }

  /**
   * The settings of {@code config}: every signal's weight from its key ({@link Signal#weight}), the
   * semantic floor's large-corpus value from the config or else {@code modelFloor} (the embedding
   * model's own).
   */
  public static RecallSettings of(RecallConfig config, double modelFloor) {
    Map<Signal, Double> weights = new EnumMap<>(Signal.class);
    for (Signal s : Signal.values()) {
      weights.put(s, s.weight(config.weights()));
    }
    var f = config.semanticFloor();
    var x = config.graph().expansion();
    var e = config.evidence();
    return new RecallSettings(
        config.candidates(),
        config.rrfK(),
        weights,
        new Decay(config.recency().halfLife(), config.recency().resolution()),
        new SemanticFloor(
            f.minScore().orElse(modelFloor),
            f.smallCorpusMinScore(),
            f.smallCorpusSize(),
            f.largeCorpusSize()),
        new GraphCall(config.graph().maxHops(), config.graph().limit()),
        config.entities().maxNames(),
        new Evidence(e.seeds(), e.neighbourWindow(), e.foldSources()),
        new Expansion(x.seeds(), x.maxHops(), x.limit(), x.timeout()));
  }

  /** These settings with other weights (a signal not in {@code other} is off). */
  public RecallSettings withWeights(Map<Signal, Double> other) {
    return new RecallSettings(
        candidates, rrfK, other, recency, floor, graph, maxNames, evidence, expansion);
  }

  /** These settings with another semantic floor. */
  public RecallSettings withFloor(SemanticFloor other) {
    return new RecallSettings(
        candidates, rrfK, weights, recency, other, graph, maxNames, evidence, expansion);
  }

  /** These settings with memories folded with their source exchanges, or not. */
  public RecallSettings withFoldSources(boolean fold) {
    var other = new Evidence(evidence.seeds(), evidence.neighbourWindow(), fold);
    return new RecallSettings(
        candidates, rrfK, weights, recency, floor, graph, maxNames, other, expansion);
  }

  /** These settings with another expansion call. */
  public RecallSettings withExpansion(Expansion other) {
    return new RecallSettings(
        candidates, rrfK, weights, recency, floor, graph, maxNames, evidence, other);
  }

  double weight(Signal signal) {
    return weights.getOrDefault(signal, 0.0);
  }

  private static void positive(Duration d, String key) {
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(key + " must be positive");
    }
  }
}
