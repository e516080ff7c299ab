package dev.engram.graph.belief;

import dev.engram.graph.config.GraphConfig;

/**
 * OMI's asymmetric exponential moving average: the belief steps a fraction λ of the way towards the
 * evidence, f' = f + λ·(s − f), with λ = the support step (0.15) for evidence that agrees and the
 * contradiction step (0.30) for evidence that disagrees, so a belief is quicker to doubt than to
 * confirm and old evidence fades geometrically. Confidence follows the same average of the
 * evidence's confidences, c' = c + λ·(c_e − c) (capped at {@code max-confidence}): it says how sure
 * the recent sources were, while disagreement shows in the strength. The first evidence is the
 * belief. The weight recorded with the evidence is the λ used.
 */
final class EmaRevision implements Revision {

  private final double supportStep;
  private final double contradictionStep;
  private final double maxConfidence;

  EmaRevision(double supportStep, double contradictionStep, double maxConfidence) {
    this.supportStep = supportStep;
    this.contradictionStep = contradictionStep;
    this.maxConfidence = maxConfidence;
  }

  static EmaRevision of(GraphConfig.Beliefs config) {
    return new EmaRevision(
        config.emaSupportStep(), config.emaContradictionStep(), config.maxConfidence());
  }

  @Override
  public BeliefRevision.Revised revise(TruthValue belief, TruthValue evidence) {
    if (belief == null) {
      return new BeliefRevision.Revised(
          new TruthValue(evidence.strength(), Math.min(evidence.confidence(), maxConfidence)),
          false,
          1.0);
    }
    boolean contradicting = Revision.contradicting(belief, evidence);
    double step = contradicting ? contradictionStep : supportStep;
    double strength = belief.strength() + step * (evidence.strength() - belief.strength());
    double confidence = belief.confidence() + step * (evidence.confidence() - belief.confidence());
    return new BeliefRevision.Revised(
        new TruthValue(strength, Math.min(confidence, maxConfidence)), contradicting, step);
  }
}
