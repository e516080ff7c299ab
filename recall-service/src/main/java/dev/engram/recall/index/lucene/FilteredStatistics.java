package dev.engram.recall.index.lucene;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.ConjunctionUtils;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BitSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.FixedBitSet;
import org.apache.lucene.util.SmallFloat;

/**
 * A searcher over the shared reader whose BM25 statistics count only the documents of one filter
 * (the recall's visibility): document frequencies, the number of documents and their average
 * length. With the index-wide statistics Lucene uses by default, a chat's keyword scores moved
 * whenever any other chat or tenant wrote a word: a signal across tenants. Here they depend on what
 * the recall may see and nothing else.
 *
 * <p>Lengths come from the norms BM25 itself scores with (one byte per document, decoded the same
 * way), so the average length is over the same values the length normalisation uses. Built per
 * query: one pass over the filter's documents and their norms, and one intersection per query term.
 */
final class FilteredStatistics extends IndexSearcher {

  private final FixedBitSet[] visible;

  private FilteredStatistics(IndexSearcher shared, FixedBitSet[] visible) {
    super(shared.getIndexReader());
    setSimilarity(shared.getSimilarity());
    setQueryCache(shared.getQueryCache());
    setQueryCachingPolicy(shared.getQueryCachingPolicy());
    this.visible = visible;
  }

  /**
   * A searcher like {@code shared} whose statistics count only the documents of {@code filter}. The
   * filter's documents are kept briefly per reader: one recall asks the keyword list and its entity
   * lookups with the same filter.
   */
  static FilteredStatistics of(IndexSearcher shared, Query filter, Cache<Key, FixedBitSet[]> sets)
      throws IOException {
    return new FilteredStatistics(shared, cached(shared, filter, sets));
  }

  /** How many live documents {@code filter} matches (from the same cache). */
  static long count(IndexSearcher shared, Query filter, Cache<Key, FixedBitSet[]> sets)
      throws IOException {
    long n = 0;
    for (FixedBitSet set : cached(shared, filter, sets)) {
      n += set.cardinality();
    }
    return n;
  }

  private static FixedBitSet[] cached(
      IndexSearcher shared, Query filter, Cache<Key, FixedBitSet[]> sets) throws IOException {
    Key key = new Key(shared.getIndexReader(), filter);
    FixedBitSet[] visible = sets.getIfPresent(key);
    if (visible == null) {
      visible = visible(shared, filter);
      sets.put(key, visible);
    }
    return visible;
  }

  /** A cache of the filters' documents, small and short-lived (a new reader makes new keys). */
  static Cache<Key, FixedBitSet[]> cache() {
    return Caffeine.newBuilder().maximumSize(64).expireAfterWrite(Duration.ofSeconds(5)).build();
  }

  /** A filter over one reader (by identity: a refreshed index is another reader). */
  record Key(IndexReader reader, Query filter) {}

  private static FixedBitSet[] visible(IndexSearcher shared, Query filter) throws IOException {
    List<LeafReaderContext> leaves = shared.getIndexReader().leaves();
    FixedBitSet[] visible = new FixedBitSet[leaves.size()];
    Weight weight = shared.createWeight(shared.rewrite(filter), ScoreMode.COMPLETE_NO_SCORES, 1f);
    for (LeafReaderContext leaf : leaves) {
      FixedBitSet set = new FixedBitSet(Math.max(1, leaf.reader().maxDoc()));
      Scorer scorer = weight.scorer(leaf);
      if (scorer != null) {
        Bits live = leaf.reader().getLiveDocs(); // a scorer does not skip deleted documents
        DocIdSetIterator it = scorer.iterator();
        for (int d = it.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = it.nextDoc()) {
          if (live == null || live.get(d)) {
            set.set(d);
          }
        }
      }
      visible[leaf.ord] = set;
    }
    return visible;
  }

  @Override
  public TermStatistics termStatistics(Term term, int docFreq, long totalTermFreq)
      throws IOException {
    long df = 0;
    long ttf = 0;
    for (LeafReaderContext leaf : getIndexReader().leaves()) {
      FixedBitSet set = visible[leaf.ord];
      Terms terms = leaf.reader().terms(term.field());
      if (terms == null || set.cardinality() == 0) {
        continue;
      }
      TermsEnum te = terms.iterator();
      if (!te.seekExact(term.bytes())) {
        continue;
      }
      PostingsEnum postings = te.postings(null, PostingsEnum.FREQS);
      DocIdSetIterator both =
          ConjunctionUtils.intersectIterators(
              List.of(postings, new BitSetIterator(set, set.cardinality())));
      for (int d = both.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = both.nextDoc()) {
        df++;
        ttf += postings.freq();
      }
    }
    // No visible document has the term, so none it scores passes the filter: any valid figures do.
    return df == 0
        ? new TermStatistics(term.bytes(), 1, 1)
        : new TermStatistics(term.bytes(), df, ttf);
  }

  @Override
  public CollectionStatistics collectionStatistics(String field) throws IOException {
    long docs = 0;
    long length = 0;
    for (LeafReaderContext leaf : getIndexReader().leaves()) {
      FixedBitSet set = visible[leaf.ord];
      NumericDocValues norms = leaf.reader().getNormValues(field);
      if (norms == null) {
        continue;
      }
      BitSetIterator it = new BitSetIterator(set, set.cardinality());
      for (int d = it.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = it.nextDoc()) {
        if (norms.advanceExact(d) && norms.longValue() != 0) {
          docs++;
          length += Math.max(1, SmallFloat.byte4ToInt((byte) norms.longValue()));
        }
      }
    }
    if (docs == 0) {
      return new CollectionStatistics(field, 1, 1, 1, 1); // nothing visible to score
    }
    // BM25 reads the document count and the summed length; the summed document frequency (not
    // used) only has to lie between the two.
    return new CollectionStatistics(field, docs, docs, length, docs);
  }
}
