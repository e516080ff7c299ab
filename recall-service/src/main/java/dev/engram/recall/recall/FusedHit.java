package dev.engram.recall.recall;

import dev.engram.contracts.index.IndexDocument;
import java.util.Map;

/** A document after fusion: its fused score and, per signal that found it, rank and raw score. */
public record FusedHit(IndexDocument document, double score, Map<Signal, SignalHit> signals) {

  /** Where one signal ranked the document (1 = best) and that signal's own score. */
  public record SignalHit(int rank, double score) {}
}
