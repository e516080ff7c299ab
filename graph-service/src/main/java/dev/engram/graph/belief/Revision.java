package dev.engram.graph.belief;

/**
 * A revision rule: how a belief's truth value moves with one piece of evidence. Each tenant uses
 * one ({@link BeliefSettings}).
 */
sealed interface Revision permits BeliefRevision, EmaRevision {

  /**
   * Revises {@code belief} (null: none yet) with {@code evidence}. Evidence contradicts when it is
   * on the other side of 0.5 from the belief.
   */
  BeliefRevision.Revised revise(TruthValue belief, TruthValue evidence);

  static boolean contradicting(TruthValue belief, TruthValue evidence) {
    return (evidence.strength() - 0.5) * (belief.strength() - 0.5) < 0;
  }
}
