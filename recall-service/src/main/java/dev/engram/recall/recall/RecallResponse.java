package dev.engram.recall.recall;

import dev.engram.recall.index.DocKind;
import dev.engram.recall.index.Scope;
import dev.engram.recall.index.Status;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Answer of {@code POST /v1/recall}: the fused items, best first; the signals that had to be
 * skipped (graph-service down or late); the semantic floor applied; the time taken.
 */
record RecallResponse(
    List<Item> items, List<SkippedSignal> skippedSignals, double semanticFloor, long tookMs) {

  /**
   * One recalled memory or exchange: the fused {@code score} and, per signal that found it, its
   * rank and raw score. {@code source} and {@code source_exchange_ids} say where a memory came
   * from.
   */
  record Item(
      long id,
      DocKind kind,
      String text,
      double score,
      Map<String, SignalScore> signals,
      Instant createdAt,
      String agent,
      String chat,
      String thread,
      String session,
      Scope scope,
      String category,
      Status status,
      String speaker,
      String role,
      Double confidence,
      Instant archivedAt,
      Instant supersededAt,
      String source,
      List<Long> sourceExchangeIds,
      Map<String, String> metadata) {}

  /**
   * Rank (1 = best) and raw score of one signal: cosine (semantic, thread), BM25 (keyword), decay
   * (recency), graph score (graph), proper nouns matched (entity).
   */
  record SignalScore(int rank, double score) {}
}
