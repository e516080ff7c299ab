package dev.engram.recall.recall;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A Reflector memory and the exchange it was made from, both in one answer, are two places for one
 * turn (LoCoMo: about one place in ten). Walking the fused list best first, the better-ranked of
 * the two stays and the other gives its place to the next item: an exchange goes when a memory
 * above was made from it; a memory goes when every exchange it was made from is already above (one
 * made from several turns still stands for the others).
 */
final class SourcePairs {

  private SourcePairs() {}

  /** The first {@code k} items of {@code ranked} (best first) that repeat nothing above them. */
  static List<FusedHit> fold(List<FusedHit> ranked, int k) {
    Set<Long> exchanges = new HashSet<>();
    Set<Long> sources = new HashSet<>();
    List<FusedHit> kept = new ArrayList<>(Math.min(k, ranked.size()));
    for (FusedHit h : ranked) {
      if (kept.size() >= k) {
        break;
      }
      IndexDocument d = h.document();
      if (d.kind() == DocKind.EXCHANGE) {
        if (sources.contains(d.id())) {
          continue;
        }
        exchanges.add(d.id());
      } else if (!d.sourceExchangeIds().isEmpty()) {
        if (exchanges.containsAll(d.sourceExchangeIds())) {
          continue;
        }
        sources.addAll(d.sourceExchangeIds());
      }
      kept.add(h);
    }
    return kept;
  }
}
