package dev.engram.graph.contradiction;

import dev.engram.graph.belief.BeliefView;
import java.util.List;

/** Both kinds of contradiction: between memories, and beliefs recorded as contradicted. */
public record Contradictions(List<Contradiction> relations, List<BeliefView> beliefs) {}
