package dev.engram.graph.belief;

import dev.engram.graph.config.GraphConfig;

/**
 * NAL revision: a truth value (s, c) stands for evidence weight w = k·c / (1 − c), of which s·w is
 * positive (k: the evidential horizon). Revision adds the weights of the belief and the new
 * evidence: s = (s₁w₁ + s₂w₂) / (w₁ + w₂), c = (w₁ + w₂) / (w₁ + w₂ + k). In asymmetric mode the
 * new evidence's weight is first multiplied by the support rate when it agrees with the belief
 * (same side of 0.5) and by the contradiction rate when it disagrees, so one contradiction moves a
 * belief more than one confirmation of the same confidence.
 */
public final class BeliefRevision implements Revision {

  private final double horizon;
  private final double maxConfidence;
  private final boolean asymmetric;
  private final double supportRate;
  private final double contradictionRate;

  public BeliefRevision(
      double horizon,
      double maxConfidence,
      boolean asymmetric,
      double supportRate,
      double contradictionRate) {
    this.horizon = horizon;
    this.maxConfidence = maxConfidence;
    this.asymmetric = asymmetric;
    this.supportRate = supportRate;
    this.contradictionRate = contradictionRate;
  }

  static BeliefRevision of(GraphConfig.Beliefs config) {
    return new BeliefRevision(
        config.horizon(),
        config.maxConfidence(),
        config.asymmetric(),
        config.supportRate(),
        config.contradictionRate());
  }

  /** The outcome: the revised truth value, whether the evidence contradicted, its weight. */
  public record Revised(TruthValue value, boolean contradicting, double weight) {}

  /** Revises {@code belief} (null: none yet) with {@code evidence}. */
  @Override
  public Revised revise(TruthValue belief, TruthValue evidence) {
    double evidenceWeight = weight(evidence.confidence());
    if (belief == null) {
      return new Revised(
          new TruthValue(evidence.strength(), confidence(evidenceWeight)), false, evidenceWeight);
    }
    boolean contradicting = Revision.contradicting(belief, evidence);
    if (asymmetric) {
      evidenceWeight *= contradicting ? contradictionRate : supportRate;
    }
    double beliefWeight = weight(belief.confidence());
    double total = beliefWeight + evidenceWeight;
    if (total == 0) {
      return new Revised(belief, contradicting, evidenceWeight);
    }
    double strength =
        (belief.strength() * beliefWeight + evidence.strength() * evidenceWeight) / total;
    return new Revised(new TruthValue(strength, confidence(total)), contradicting, evidenceWeight);
  }

  /** Evidence weight of a confidence (capped below 1, which would be infinite evidence). */
  double weight(double confidence) {
    double c = Math.min(confidence, maxConfidence);
    return horizon * c / (1 - c);
  }

  private double confidence(double weight) {
    return Math.min(weight / (weight + horizon), maxConfidence);
  }
}
