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
 *
 * <p>Times are compared at a resolution (an hour by default, on fixed clock boundaries): items
 * written in one go (a batch of turns a second apart, a memory and the turn it came from) tie and
 * share a rank instead of being ordered by milliseconds that mean nothing. The boundaries do not
 * move with the clock, so the same items tie in every run.
 */
final class Recency {

  private final double halfLifeMillis;
  private final long resolutionMillis;

  Recency(Duration halfLife, Duration resolution) {
    this.halfLifeMillis = halfLife.toMillis();
    this.resolutionMillis = Math.max(1, resolution.toMillis());
  }

  /** 1 for an item created at {@code reference} (or later), 0.5 one half-life earlier, ... */
  double score(Instant created, Instant reference) {
    double age = Math.max(0, reference.toEpochMilli() - created.toEpochMilli());
    return Math.pow(0.5, age / halfLifeMillis);
  }

  List<SearchHit> rank(Collection<IndexDocument> candidates, Instant reference) {
    return candidates.stream()
        .sorted(Comparator.comparing(this::bucket).reversed())
        .map(d -> new SearchHit(d, score(bucket(d), reference)))
        .toList();
  }

  /** The start of the resolution window the item was created in. */
  private Instant bucket(IndexDocument d) {
    return Instant.ofEpochMilli(
        Math.floorDiv(d.createdAt().toEpochMilli(), resolutionMillis) * resolutionMillis);
  }
}
