package dev.engram.graph.belief;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.equalTo;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** NAL deduction's numbers, and which belief statements are implications. */
class DeductionTest {

  @Test
  void deductionMultipliesStrengthsAndWeighsConfidenceByThem() {
    // OmegaClaw's example shape: ⟨0.9, 0.9⟩ and ⟨0.8, 0.5⟩ give f = 0.72, c = 0.72·0.9·0.5.
    TruthValue v = Deduction.deduce(new TruthValue(0.9, 0.9), new TruthValue(0.8, 0.5));
    assertThat(v.strength(), closeTo(0.72, 1e-12));
    assertThat(v.confidence(), closeTo(0.324, 1e-12));
  }

  @Test
  void aChainFoldsFromTheLeft() {
    TruthValue v =
        Deduction.chain(
            List.of(new TruthValue(1, 0.9), new TruthValue(0.9, 0.9), new TruthValue(0.8, 0.5)));
    // (1, 0.9)+(0.9, 0.9) = (0.9, 0.729); then (0.8, 0.5): f = 0.72, c = 0.72·0.729·0.5.
    assertThat(v.strength(), closeTo(0.72, 1e-12));
    assertThat(v.confidence(), closeTo(0.72 * 0.729 * 0.5, 1e-12));
    assertThat(
        Deduction.chain(List.of(new TruthValue(0.4, 0.3))), equalTo(new TruthValue(0.4, 0.3)));
  }

  @Test
  void implicationsAreStatementsWithAnArrowOrImplies() {
    assertThat(
        Implication.parse("Birds → can fly"),
        equalTo(Optional.of(new Implication("birds", "can fly"))));
    assertThat(
        Implication.parse("Rain -> wet streets").map(Implication::consequentKey),
        equalTo(Optional.of("wet streets")));
    assertThat(
        Implication.parse("Smoke implies fire").map(Implication::antecedentKey),
        equalTo(Optional.of("smoke")));
    assertThat(Implication.parse("Alice likes Porto"), equalTo(Optional.empty()));
    assertThat(Implication.parse("→ nothing"), equalTo(Optional.empty()));
    assertThat(Implication.parse("same -> Same"), equalTo(Optional.empty()));
  }
}
