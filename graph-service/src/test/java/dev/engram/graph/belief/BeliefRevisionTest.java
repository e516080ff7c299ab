package dev.engram.graph.belief;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.lessThan;

import org.junit.jupiter.api.Test;

/** The revision rule itself, against values worked out by hand from NAL's definitions. */
class BeliefRevisionTest {

  private static final BeliefRevision SYMMETRIC = new BeliefRevision(1.0, 0.99, false, 1, 2);
  private static final BeliefRevision ASYMMETRIC = new BeliefRevision(1.0, 0.99, true, 1, 3);

  @Test
  void theFirstEvidenceIsTheBelief() {
    BeliefRevision.Revised r = SYMMETRIC.revise(null, new TruthValue(0.8, 0.6));
    assertThat(r.value().strength(), closeTo(0.8, 1e-12));
    assertThat(r.value().confidence(), closeTo(0.6, 1e-12));
    assertThat(r.contradicting(), equalTo(false));
  }

  @Test
  void revisionPoolsTheEvidenceWeights() {
    // c = 0.5 is weight 1 (k = 1): (1, 0.5) + (0, 0.5) = weight 2, half positive.
    TruthValue v = SYMMETRIC.revise(new TruthValue(1, 0.5), new TruthValue(0, 0.5)).value();
    assertThat(v.strength(), closeTo(0.5, 1e-12));
    assertThat(v.confidence(), closeTo(2.0 / 3.0, 1e-12));

    // (0.9, 0.9) is weight 9, (0.6, 0.75) weight 3: s = (8.1 + 1.8) / 12, c = 12 / 13.
    v = SYMMETRIC.revise(new TruthValue(0.9, 0.9), new TruthValue(0.6, 0.75)).value();
    assertThat(v.strength(), closeTo(9.9 / 12, 1e-12));
    assertThat(v.confidence(), closeTo(12.0 / 13.0, 1e-12));
  }

  @Test
  void confidenceNeverReachesOne() {
    TruthValue v = SYMMETRIC.revise(new TruthValue(1, 1), new TruthValue(1, 1)).value();
    assertThat(v.confidence(), lessThan(1.0));
    assertThat(v.strength(), closeTo(1.0, 1e-12));
  }

  @Test
  void asymmetricModeWeighsContradictionMoreThanSupport() {
    TruthValue belief = new TruthValue(0.8, 0.5);
    BeliefRevision.Revised against = ASYMMETRIC.revise(belief, new TruthValue(0.2, 0.5));
    BeliefRevision.Revised infavour = ASYMMETRIC.revise(belief, new TruthValue(0.2, 0.5));
    assertThat(against.contradicting(), equalTo(true));
    // Weight 1 becomes 3: s = (0.8 + 0.6) / 4, c = 4 / 5.
    assertThat(against.weight(), closeTo(3.0, 1e-12));
    assertThat(against.value().strength(), closeTo(0.35, 1e-12));
    assertThat(against.value().confidence(), closeTo(0.8, 1e-12));

    BeliefRevision.Revised support = ASYMMETRIC.revise(belief, new TruthValue(0.9, 0.5));
    assertThat(support.contradicting(), equalTo(false));
    assertThat(support.weight(), closeTo(1.0, 1e-12));
    double movedByContradiction = belief.strength() - against.value().strength();
    double movedBySupport = support.value().strength() - belief.strength();
    assertThat(movedByContradiction, greaterThan(movedBySupport));

    // Symmetric mode moves the belief by the same evidence as much as its weight says.
    TruthValue same = SYMMETRIC.revise(belief, new TruthValue(0.2, 0.5)).value();
    assertThat(same.strength(), closeTo(0.5, 1e-12));
    assertThat(infavour.value().strength(), closeTo(0.35, 1e-12));
  }
}
