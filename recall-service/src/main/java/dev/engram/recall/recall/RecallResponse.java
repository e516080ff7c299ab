package dev.engram.recall.recall;

import dev.engram.recall.index.DocKind;
import dev.engram.recall.index.Scope;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Answer of {@code POST /v1/recall}: the fused items, best first, and the time taken. */
record RecallResponse(List<Item> items, long tookMs) {

  /** One recalled memory or exchange; {@code signals} names only the signals that found it. */
  record Item(
      long id,
      DocKind kind,
      String text,
      double score,
      Instant createdAt,
      String agent,
      String chat,
      String thread,
      Scope scope,
      String category,
      String speaker,
      Double confidence,
      Map<String, String> metadata,
      Map<String, SignalScore> signals) {}

  /** Rank (1 = best) and raw score of one signal: cosine for semantic, BM25 for keyword. */
  record SignalScore(int rank, double score) {}
}
