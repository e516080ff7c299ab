package dev.engram.recall.recall;

import java.util.List;

/** What the engine found: fused hits best first, signals it had to skip, the floor it applied. */
public record RecallResult(List<FusedHit> hits, List<SkippedSignal> skipped, double semanticFloor) {

  public RecallResult {
    hits = List.copyOf(hits);
    skipped = List.copyOf(skipped);
  }
}
