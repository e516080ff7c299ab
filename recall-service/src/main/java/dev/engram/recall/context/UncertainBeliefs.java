package dev.engram.recall.context;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which beliefs a context block shows as uncertain, and how: a belief with little confidence, one
 * recorded as contradicted, or one a good share of whose evidence contradicted it is not a fact, so
 * it goes into its own marked section with the reason, never among the current facts. Settled
 * beliefs are left out (the facts and memories already say what is known).
 */
@ApplicationScoped
class UncertainBeliefs {

  static final String HEADING =
      "## Uncertain beliefs (disputed or weakly supported: do not state them as facts)";

  private final boolean enabled;
  private final double minConfidence;
  private final double contestedShare;
  private final int limit;

  UncertainBeliefs(
      @ConfigProperty(name = "engram.recall.context.beliefs.enabled", defaultValue = "true")
          boolean enabled,
      @ConfigProperty(name = "engram.recall.context.beliefs.min-confidence", defaultValue = "0.5")
          double minConfidence,
      @ConfigProperty(name = "engram.recall.context.beliefs.contested-share", defaultValue = "0.3")
          double contestedShare,
      @ConfigProperty(name = "engram.recall.context.beliefs.limit", defaultValue = "10")
          int limit) {
    this.enabled = enabled;
    this.minConfidence = minConfidence;
    this.contestedShare = contestedShare;
    this.limit = limit;
  }

  boolean enabled() {
    return enabled;
  }

  /** Beliefs asked of the graph per block. */
  int limit() {
    return limit;
  }

  /** The lines of the uncertain ones, in the order given. */
  List<String> lines(List<BeliefSource.Belief> beliefs) {
    return beliefs.stream().filter(b -> reason(b) != null).map(this::line).toList();
  }

  /** Why a belief is uncertain, or null when it is settled. */
  String reason(BeliefSource.Belief b) {
    if (b.contradicted()) {
      return "contradicted";
    }
    if (b.evidenceCount() > 0
        && (double) b.contradictingEvidence() / b.evidenceCount() >= contestedShare) {
      return "disputed by " + b.contradictingEvidence() + " of " + b.evidenceCount() + " reports";
    }
    if (b.confidence() < minConfidence) {
      return "low confidence";
    }
    return null;
  }

  private String line(BeliefSource.Belief b) {
    return String.format(
        Locale.ROOT,
        "- \"%s\" (uncertain: %s; strength %.2f, confidence %.2f)",
        UntrustedText.line(b.statement()),
        reason(b),
        b.strength(),
        b.confidence());
  }
}
