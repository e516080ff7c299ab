package dev.engram.graph.neighbours;

import java.util.List;

/**
 * The entities found in the request, and the memories and exchanges linked to them (or to the given
 * memories), best first; {@code via} names the query entities an item was reached from.
 */
record NeighboursResponse(List<Seed> entities, List<Item> items, long tookMs) {

  /** An entity named in the query; centrality is 0 until it is first computed. */
  record Seed(String id, String name, double centrality) {}

  /** A memory or exchange, {@code hops} links away, scored confidence × decay^(hops-1). */
  record Item(String kind, long id, int hops, double score, List<String> via) {}
}
