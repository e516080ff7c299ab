package dev.engram.recall.recall;

import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.SearchHit;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The recency signal: the candidates the other signals found, newest first, scored by exponential
 * decay {@code 0.5^(age / half-life)}. It reorders what is relevant and never brings in anything
 * new: a list of the corpus's newest items would put the same recent, unrelated items into every
 * answer.
 */
final class Recency {

  private final double halfLifeMillis;

  Recency(Duration halfLife) {
    this.halfLifeMillis = halfLife.toMillis();
  }

  /** 1 for an item created at {@code reference} (or later), 0.5 one half-life earlier, ... */
  double score(Instant created, Instant reference) {
    double age = Math.max(0, reference.toEpochMilli() - created.toEpochMilli());
    return Math.pow(0.5, age / halfLifeMillis);
  }

  List<SearchHit> rank(Collection<IndexDocument> candidates, Instant reference) {
    return candidates.stream()
        .sorted(Comparator.comparing(IndexDocument::createdAt).reversed())
        .map(d -> new SearchHit(d, score(d.createdAt(), reference)))
        .toList();
  }
}
