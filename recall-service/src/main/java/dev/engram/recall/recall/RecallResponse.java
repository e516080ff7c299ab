package dev.engram.recall.recall;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.engram.contracts.index.IndexDocument;
import java.util.List;
import java.util.Map;

/**
 * Answer of {@code POST /v1/recall}: the fused items, best first; the signals that had to be
 * skipped (graph-service down or late); the semantic floor applied; the time taken.
 */
public record RecallResponse(
    List<Item> items, List<SkippedSignal> skippedSignals, double semanticFloor, long tookMs) {

  /**
   * One recalled memory or exchange: the indexed document's fields, the fused {@code score} and,
   * per signal that found it, its rank and raw score. {@code source} and {@code
   * source_exchange_ids} say where a memory came from. The tenant (the caller's own), the version
   * and the expiry are the index's business and were never part of an item.
   */
  record Item(
      @JsonUnwrapped @JsonIgnoreProperties({"tenant", "version", "expires_at"})
          IndexDocument document,
      double score,
      Map<String, SignalScore> signals) {}

  /**
   * Rank (1 = best) and raw score of one signal: cosine (semantic, thread), BM25 (keyword), decay
   * (recency), graph score (graph), proper nouns matched (entity).
   */
  record SignalScore(int rank, double score) {}
}
