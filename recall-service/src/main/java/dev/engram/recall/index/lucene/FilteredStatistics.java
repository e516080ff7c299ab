package dev.engram.recall.index.lucene;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
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
 * A searcher over the shared reader whose BM25 statistics count only the documents of one set (what
 * the recall's tenant, agent and chat may see, {@link LuceneQueries#statistics}): document
 * frequencies, the number of documents and their average length. With the index-wide statistics
 * Lucene uses by default, a chat's keyword scores moved whenever any other chat or tenant wrote a
 * word: a signal across tenants. Here they depend on what the chat may see and nothing else.
 *
 * <p>Lengths come from the norms BM25 itself scores with (one byte per document, decoded the same
 * way), so the average length is over the same values the length normalisation uses. Segments do
 * not change, so each segment's set and its length sums are kept (keyed by the segment's reader,
 * which deletions replace): a recall computes only what new segments add, plus one intersection of
 * each query term's postings with the set.
 */
final class FilteredStatistics extends IndexSearcher {

  /** Room for the kept sets: about 8 MiB per million documents of one chat's segments. */
  private static final long CACHE_BYTES = 64L << 20;

  /** One segment's documents of one set. */
  record SegmentKey(Object segment, Query set) {}

  /** A segment's documents of a set and, per field, their count and summed length. */
  static final class SegmentSet {
    final FixedBitSet docs;
    final int count;
    final Map<String, long[]> lengths = new ConcurrentHashMap<>();

    SegmentSet(FixedBitSet docs) {
      this.docs = docs;
      this.count = docs.cardinality();
    }
  }

  private final SegmentSet[] segments;

  /**
   * The figures already counted by this searcher (one search): Lucene builds the query's weight
   * twice, once to search and once to fill in the top hits' scores, and counting a term means
   * walking its postings through the set in every segment.
   */
  private final Map<Term, TermStatistics> counted = new ConcurrentHashMap<>();

  /** The true document frequencies behind {@link #counted} (which says 1 for none). */
  private final Map<Term, Long> frequencies = new ConcurrentHashMap<>();

  /** Below this many documents in the set, {@link #telling} keeps every term. */
  static final int FEW_DOCUMENTS = 10;

  private FilteredStatistics(IndexSearcher shared, SegmentSet[] segments) {
    super(shared.getIndexReader());
    setSimilarity(shared.getSimilarity());
    setQueryCache(shared.getQueryCache());
    setQueryCachingPolicy(shared.getQueryCachingPolicy());
    this.segments = segments;
  }

  /** The kept segment sets, bounded by their size, dropped when unused for a while. */
  static Cache<SegmentKey, SegmentSet> cache() {
    return Caffeine.newBuilder()
        .maximumWeight(CACHE_BYTES)
        .<SegmentKey, SegmentSet>weigher((k, s) -> 64 + s.docs.getBits().length * Long.BYTES)
        .expireAfterAccess(Duration.ofMinutes(10))
        .build();
  }

  /** A searcher like {@code shared} whose statistics count only the documents of {@code set}. */
  static FilteredStatistics of(IndexSearcher shared, Query set, Cache<SegmentKey, SegmentSet> kept)
      throws IOException {
    return new FilteredStatistics(shared, segments(shared, set, kept));
  }

  /** How many live documents {@code set} holds. */
  static long count(IndexSearcher shared, Query set, Cache<SegmentKey, SegmentSet> kept)
      throws IOException {
    long n = 0;
    for (SegmentSet s : segments(shared, set, kept)) {
      n += s.count;
    }
    return n;
  }

  private static SegmentSet[] segments(
      IndexSearcher shared, Query set, Cache<SegmentKey, SegmentSet> kept) throws IOException {
    IndexReader reader = shared.getIndexReader();
    List<LeafReaderContext> leaves = reader.leaves();
    SegmentSet[] out = new SegmentSet[leaves.size()];
    Weight weight = null;
    for (LeafReaderContext leaf : leaves) {
      SegmentKey key = new SegmentKey(segmentKey(leaf.reader()), set);
      SegmentSet s = kept.getIfPresent(key);
      if (s == null) {
        if (weight == null) {
          weight = shared.createWeight(shared.rewrite(set), ScoreMode.COMPLETE_NO_SCORES, 1f);
        }
        s = new SegmentSet(docs(weight, leaf));
        kept.put(key, s);
      }
      out[leaf.ord] = s;
    }
    return out;
  }

  /** The segment's reader identity: a new one when its deletions change. */
  static Object segmentKey(LeafReader reader) {
    IndexReader.CacheHelper helper = reader.getReaderCacheHelper();
    return helper == null ? reader : helper.getKey();
  }

  static FixedBitSet docs(Weight weight, LeafReaderContext leaf) throws IOException {
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
    return set;
  }

  /**
   * The terms worth a keyword search here: those in at most {@code maxShare} of the set's documents
   * that have the field (0.8 by default, KeywordConfig). A term that most of what a chat may see
   * contains (the name of the one person a chat is about, say) does not separate its documents;
   * BM25 would rank them by their length, and that noise, at the keyword list's weight, outranked a
   * clear semantic match. Below {@link #FEW_DOCUMENTS} documents every term is kept: there a lone
   * keyword match is all there may be.
   */
  Set<String> telling(String field, Set<String> terms, double maxShare) throws IOException {
    long documents = collectionStatistics(field).docCount();
    if (documents < FEW_DOCUMENTS || maxShare >= 1.0) {
      return terms;
    }
    Set<String> kept = new LinkedHashSet<>();
    for (String t : terms) {
      Term term = new Term(field, t);
      termStatistics(term, 1, 1); // counts it, and keeps the figures for BM25's weight
      if (frequency(term) <= maxShare * documents) {
        kept.add(t);
      }
    }
    return kept;
  }

  @Override
  public TermStatistics termStatistics(Term term, int docFreq, long totalTermFreq)
      throws IOException {
    TermStatistics known = counted.get(term);
    if (known == null) {
      known = count(term);
      counted.put(term, known);
    }
    return known;
  }

  /** The term's true document frequency within the set (after {@link #termStatistics}). */
  private long frequency(Term term) {
    return frequencies.getOrDefault(term, 0L);
  }

  /** The term's document frequency and total frequency within the set. */
  private TermStatistics count(Term term) throws IOException {
    long df = 0;
    long ttf = 0;
    for (LeafReaderContext leaf : getIndexReader().leaves()) {
      SegmentSet set = segments[leaf.ord];
      Terms terms = leaf.reader().terms(term.field());
      if (terms == null || set.count == 0) {
        continue;
      }
      TermsEnum te = terms.iterator();
      if (!te.seekExact(term.bytes())) {
        continue;
      }
      PostingsEnum postings = te.postings(null, PostingsEnum.FREQS);
      DocIdSetIterator both =
          ConjunctionUtils.intersectIterators(
              List.of(postings, new BitSetIterator(set.docs, set.count)));
      for (int d = both.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = both.nextDoc()) {
        df++;
        ttf += postings.freq();
      }
    }
    frequencies.put(term, df);
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
      SegmentSet set = segments[leaf.ord];
      long[] sums = set.lengths.get(field);
      if (sums == null) {
        sums = lengths(leaf.reader(), set, field);
        set.lengths.put(field, sums);
      }
      docs += sums[0];
      length += sums[1];
    }
    if (docs == 0) {
      return new CollectionStatistics(field, 1, 1, 1, 1); // nothing visible to score
    }
    // BM25 reads the document count and the summed length; the summed document frequency (not
    // used) only has to lie between the two.
    return new CollectionStatistics(field, docs, docs, length, docs);
  }

  /** The set's documents that have the field, and their summed length, of one segment. */
  private static long[] lengths(LeafReader reader, SegmentSet set, String field)
      throws IOException {
    long docs = 0;
    long length = 0;
    NumericDocValues norms = reader.getNormValues(field);
    if (norms != null) {
      BitSetIterator it = new BitSetIterator(set.docs, set.count);
      for (int d = it.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = it.nextDoc()) {
        if (norms.advanceExact(d) && norms.longValue() != 0) {
          docs++;
          length += Math.max(1, SmallFloat.byte4ToInt((byte) norms.longValue()));
        }
      }
    }
    return new long[] {docs, length};
  }
}
