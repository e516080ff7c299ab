package dev.engram.graph.belief;

import java.util.List;

/**
 * The answer of {@code POST /v1/beliefs/infer}: the chains found from {@code from} to {@code to},
 * best first, and the conclusion (the best chain's truth value), marked inferred: it is computed
 * for the question and never stored as an observed belief. No chain: {@code conclusion} null.
 */
public record Inference(
    String from, String to, Conclusion conclusion, List<Chain> chains, long tookMs) {

  /** "from → to" with the deduced truth value. */
  public record Conclusion(
      String statement, double strength, double confidence, boolean inferred) {}

  /** One way from {@code from} to {@code to} and its deduced truth value. */
  public record Chain(double strength, double confidence, int hops, List<Link> links) {}

  /**
   * One step: a current fact ({@code kind} "fact", strength 1, its confidence) or an implication
   * belief ("belief", its truth value), from one name (normalized) to the next.
   */
  public record Link(
      String kind,
      String id,
      String statement,
      String from,
      String to,
      double strength,
      double confidence) {}
}
