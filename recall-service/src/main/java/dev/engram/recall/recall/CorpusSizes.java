package dev.engram.recall.recall;

import dev.engram.recall.index.IndexStore;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Documents per tenant for the semantic floor, counted at most every few seconds per tenant: the
 * floor needs the order of magnitude, not the exact count, and counting on every recall would cost
 * more than the search at a million documents.
 */
final class CorpusSizes {

  private static final long TTL_NANOS = 10_000_000_000L;

  private record Counted(long documents, long at) {}

  private final IndexStore store;
  private final Map<String, Counted> counts = new ConcurrentHashMap<>();

  CorpusSizes(IndexStore store) {
    this.store = store;
  }

  long of(String tenant) {
    long now = System.nanoTime();
    Counted c = counts.get(tenant);
    if (c == null || now - c.at() > TTL_NANOS) {
      c = new Counted(store.count(tenant), now);
      counts.put(tenant, c);
    }
    return c.documents();
  }
}
