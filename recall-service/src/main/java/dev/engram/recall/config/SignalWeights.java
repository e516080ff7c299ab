package dev.engram.recall.config;

import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.DecimalMin;

/**
 * Fusion weights ({@code engram.recall.weights.<signal>}), one per row of the signal table
 * (recall's {@code Signal}); 0 switches a signal off. A group of {@link RecallConfig}.
 */
public interface SignalWeights {

  /** Weight of the dense (embedding cosine) list. */
  @WithDefault("1.0")
  @DecimalMin("0")
  double semantic();

  /** Weight of the keyword (BM25) list. */
  @WithDefault("2.0")
  @DecimalMin("0")
  double keyword();

  /** Weight of the recency list (the other signals' candidates, newest first). */
  @WithDefault("0.2")
  @DecimalMin("0")
  double recency();

  /**
   * Weight of the graph list (items linked to entities the query names, graph-service's
   * neighbours). Off: on LoCoMo it moved turn@10 by 0.001 while costing half of a recall's CPU (a
   * Bolt walk per recall) and most of its deadline misses after a start
   * (docs/benchmarks/reads-and-writes.md, second round); 0.8 is the weight it had when it was on.
   */
  @WithDefault("0.0")
  @DecimalMin("0")
  double graph();

  /** Weight of the thread list (the semantic search again, inside the active thread). */
  @WithDefault("0.5")
  @DecimalMin("0")
  double thread();

  /** Weight of the entity list (items containing a proper noun of the query verbatim). */
  @WithDefault("1.0")
  @DecimalMin("0")
  double entity();

  /** Weight of the neighbour list (the turns next to the first fusion's best turns). */
  @WithDefault("1.0")
  @DecimalMin("0")
  double neighbour();

  /**
   * Weight of the seed-neighbour list (first-fusion turns next to another of them, which the
   * neighbour list leaves out). Chosen on LoCoMo (docs/benchmarks/locomo.md, "Ranking, second
   * round"); at 0.5 the demo's Lisbon memory is no longer first (DemoRecallTest).
   */
  @WithDefault("0.25")
  @DecimalMin("0")
  double seedNeighbour();

  /**
   * Weight of the session list (candidates ranked by their session's summed score). Off: only items
   * with a session are in it, so it lifts turns over memories that answer better.
   */
  @WithDefault("0.0")
  @DecimalMin("0")
  double session();

  /** Weight of the time list (candidates created in a time the query names). */
  @WithDefault("1.0")
  @DecimalMin("0")
  double time();

  /**
   * Weight of the expansion list (graph neighbours of the first fusion's best memories). Chosen on
   * LoCoMo (docs/benchmarks/graph-signals.md).
   */
  @WithDefault("0.0")
  @DecimalMin("0")
  double expansion();

  /** Weight of the centrality list (graph items, most central query entity first). */
  @WithDefault("0.0")
  @DecimalMin("0")
  double centrality();

  /**
   * Weight of the speaker list (candidates spoken by, or memories naming, a speaker of the chat the
   * query names).
   */
  @WithDefault("0.0")
  @DecimalMin("0")
  double speaker();

  /**
   * Weight of the feedback list (BM25 of the query expanded with the first fusion's best items'
   * words).
   */
  @WithDefault("0.0")
  @DecimalMin("0")
  double feedback();
}
