package dev.engram.recall.index.lucene;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.engram.recall.index.DocField;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BitSetIterator;
import org.apache.lucene.util.FixedBitSet;

/**
 * The visibility filter ({@link LuceneQueries#visibility}) from kept bit sets: per segment, the
 * documents the filter lets through apart from expiry are computed once and reused (segments do not
 * change; a segment with new deletions is a new key, as in {@link FilteredStatistics}), and what
 * has expired by now is taken out per search. The filter holds the clock, so Lucene's query cache
 * never kept it: every dense and keyword list ran its term and range queries over every visible
 * document of the index again. Accepts exactly the same documents.
 */
final class VisibleDocs extends Query {

  /** Room for the kept sets: 125 KiB per segment set of a million documents. */
  private static final long CACHE_BYTES = 64L << 20;

  /** Every document has an expiry point ({@code NEVER} when it never expires). */
  static final Query HAS_EXPIRY =
      LongPoint.newRangeQuery(DocField.EXPIRES_AT.stored(), Long.MIN_VALUE, Long.MAX_VALUE);

  /** One segment's documents of one filter. */
  record Key(Object segment, Query kept) {}

  /** The documents of a segment that a filter lets through, and how many. */
  record Kept(FixedBitSet docs, int count) {}

  private final Query kept;
  private final long now;
  private final Cache<Key, Kept> sets;

  /**
   * {@code kept}: the filter without the expiry clause and with {@link #HAS_EXPIRY} (the same from
   * one search to the next); {@code now}: the expiry's clock in the schema's microseconds.
   */
  VisibleDocs(Query kept, long now, Cache<Key, Kept> sets) {
    this.kept = kept;
    this.now = now;
    this.sets = sets;
  }

  /** The filter without the expiry clock: the same from one search to the next. */
  Query kept() {
    return kept;
  }

  /** The expiry's clock in the schema's microseconds. */
  long now() {
    return now;
  }

  /** The kept sets, bounded by their size, dropped when unused for a while. */
  static Cache<Key, Kept> cache() {
    return Caffeine.newBuilder()
        .maximumWeight(CACHE_BYTES)
        .<Key, Kept>weigher((k, s) -> 64 + s.docs().getBits().length * Long.BYTES)
        .expireAfterAccess(Duration.ofMinutes(10))
        .build();
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost)
      throws IOException {
    // Expired: an expiry point before now (the filter keeps [now, NEVER]).
    Query expired = LongPoint.newRangeQuery(DocField.EXPIRES_AT.stored(), Long.MIN_VALUE, now - 1);
    Weight gone =
        searcher.createWeight(searcher.rewrite(expired), ScoreMode.COMPLETE_NO_SCORES, 1f);
    return new ConstantScoreWeight(this, boost) {
      private Weight keptWeight; // made once, on the first segment without a kept set

      @Override
      public ScorerSupplier scorerSupplier(LeafReaderContext leaf) throws IOException {
        Kept set = kept(leaf);
        FixedBitSet docs = set.docs();
        int count = set.count();
        Scorer expiredHere = gone.scorer(leaf);
        if (expiredHere != null && count > 0) {
          docs = docs.clone();
          DocIdSetIterator it = expiredHere.iterator();
          for (int d = it.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = it.nextDoc()) {
            docs.clear(d);
          }
          count = docs.cardinality();
        }
        if (count == 0) {
          return null;
        }
        return new DefaultScorerSupplier(
            new ConstantScoreScorer(score(), scoreMode, new BitSetIterator(docs, count)));
      }

      private Kept kept(LeafReaderContext leaf) throws IOException {
        Key key = new Key(FilteredStatistics.segmentKey(leaf.reader()), kept);
        Kept set = sets.getIfPresent(key);
        if (set == null) {
          FixedBitSet docs = FilteredStatistics.docs(keptWeight(), leaf);
          set = new Kept(docs, docs.cardinality());
          sets.put(key, set);
        }
        return set;
      }

      // Leaves may be searched side by side.
      private synchronized Weight keptWeight() throws IOException {
        if (keptWeight == null) {
          keptWeight =
              searcher.createWeight(searcher.rewrite(kept), ScoreMode.COMPLETE_NO_SCORES, 1f);
        }
        return keptWeight;
      }

      @Override
      public boolean isCacheable(LeafReaderContext ctx) {
        return false; // kept above; the clock makes every instance new to Lucene's cache
      }
    };
  }

  @Override
  public void visit(QueryVisitor visitor) {
    visitor.visitLeaf(this);
  }

  @Override
  public String toString(String field) {
    return "VisibleDocs(" + kept.toString(field) + ", now=" + now + ")";
  }

  @Override
  public boolean equals(Object o) {
    return sameClassAs(o)
        && now == ((VisibleDocs) o).now
        && kept.equals(((VisibleDocs) o).kept)
        && sets == ((VisibleDocs) o).sets;
  }

  @Override
  public int hashCode() {
    return Objects.hash(classHash(), kept, now);
  }
}
