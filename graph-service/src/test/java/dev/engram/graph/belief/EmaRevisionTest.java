package dev.engram.graph.belief;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.Test;

/** OMI's asymmetric EMA, against values worked out by hand: f' = f + λ·(s − f), same for c. */
class EmaRevisionTest {

  private static final EmaRevision EMA = new EmaRevision(0.15, 0.30, 0.99);

  @Test
  void theFirstEvidenceIsTheBelief() {
    BeliefRevision.Revised r = EMA.revise(null, new TruthValue(0.8, 0.6));
    assertThat(r.value().strength(), closeTo(0.8, 1e-12));
    assertThat(r.value().confidence(), closeTo(0.6, 1e-12));
    assertThat(r.contradicting(), equalTo(false));
  }

  @Test
  void supportStepsFifteenPercentOfTheWay() {
    BeliefRevision.Revised r = EMA.revise(new TruthValue(0.8, 0.6), new TruthValue(1.0, 0.9));
    assertThat(r.value().strength(), closeTo(0.8 + 0.15 * 0.2, 1e-12)); // 0.83
    assertThat(r.value().confidence(), closeTo(0.6 + 0.15 * 0.3, 1e-12)); // 0.645
    assertThat(r.contradicting(), equalTo(false));
    assertThat(r.weight(), closeTo(0.15, 1e-12));
  }

  @Test
  void contradictionStepsThirtyPercentOfTheWay() {
    BeliefRevision.Revised r = EMA.revise(new TruthValue(0.8, 0.6), new TruthValue(0.0, 0.9));
    assertThat(r.value().strength(), closeTo(0.56, 1e-12));
    assertThat(r.value().confidence(), closeTo(0.69, 1e-12));
    assertThat(r.contradicting(), equalTo(true));
    assertThat(r.weight(), closeTo(0.30, 1e-12));
  }

  @Test
  void oldEvidenceFadesGeometrically() {
    // Ten reports of strength 0 against a belief of 1: they contradict (λ = 0.3) while the belief
    // is above 0.5 — 1 → 0.7 → 0.49 — and then agree with it (λ = 0.15) eight times.
    TruthValue v = new TruthValue(1.0, 0.5);
    for (int i = 0; i < 10; i++) {
      v = EMA.revise(v, new TruthValue(0.0, 0.5)).value();
    }
    assertThat(v.strength(), closeTo(0.49 * Math.pow(0.85, 8), 1e-12));
    assertThat(v.confidence(), closeTo(0.5, 1e-12));
  }

  @Test
  void confidenceStaysBelowTheCap() {
    TruthValue v = EMA.revise(new TruthValue(1, 0.99), new TruthValue(1, 1)).value();
    assertThat(v.confidence(), closeTo(0.99, 1e-12));
  }
}
