package dev.engram.graph.belief;

import java.util.List;

/**
 * NAL deduction, as OmegaClaw applies it: from A→B ⟨f₁, c₁⟩ and B→C ⟨f₂, c₂⟩ follows A→C with f =
 * f₁·f₂ and c = f₁·f₂·c₁·c₂. A longer chain folds from the left, so every extra link can only lower
 * both values: a conclusion is never surer than the weakest way to it.
 */
final class Deduction {

  private Deduction() {}

  static TruthValue deduce(TruthValue ab, TruthValue bc) {
    double f = ab.strength() * bc.strength();
    return new TruthValue(f, f * ab.confidence() * bc.confidence());
  }

  /** The truth value of a chain of at least one link. */
  static TruthValue chain(List<TruthValue> links) {
    TruthValue value = links.getFirst();
    for (TruthValue link : links.subList(1, links.size())) {
      value = deduce(value, link);
    }
    return value;
  }
}
