package dev.engram.graph.stats;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How much of one tenant's memory the graph holds, or of one chat of it ({@code chat} set; beliefs
 * have no chat and are counted for the whole tenant).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record GraphStats(
    String chat,
    long entities,
    FactCounts facts,
    long memories,
    long exchanges,
    long relations,
    long beliefs) {

  /** Facts still held true ({@code invalidated_at} unset) and those since invalidated. */
  record FactCounts(long current, long invalidated) {}
}
