package dev.engram.graph.stats;

/** How much of one tenant's memory the graph holds. */
record GraphStats(long entities, FactCounts facts, long memories, long relations, long beliefs) {

  /** Facts still held true ({@code invalidated_at} unset) and those since invalidated. */
  record FactCounts(long current, long invalidated) {}
}
