package dev.engram.recall.index.lucene;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.engram.recall.index.DocField;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.search.TotalHits;
import org.apache.lucene.search.Weight;

/**
 * The context's confidence pages (L0 identity, L1 essential) from kept per-segment pages. A page
 * sorts every document the agent may see by confidence, time and index order, and the context asks
 * two of them per block: that sort was 60 % of recall-service's CPU per context at 104k memories. A
 * segment never changes (new deletions make a new key, as in {@link VisibleDocs}), so its best
 * {@code limit} documents and its count under one filter are kept, and a page is the merge of its
 * segments' pages: the same documents, order and total as sorting the whole index. A segment
 * holding a document that has expired by now is sorted again for that search (its page depends on
 * the clock), never kept.
 */
final class ConfidencePages {

  /** Room for the kept pages (about 48 bytes per document of a page). */
  private static final long CACHE_BYTES = 16L << 20;

  /** One segment's page under one filter (without the expiry clock) and size. */
  record Key(Object segment, Query kept, int limit) {}

  private final Sort sort;
  private final Cache<Key, TopFieldDocs> pages =
      Caffeine.newBuilder()
          .maximumWeight(CACHE_BYTES)
          .<Key, TopFieldDocs>weigher((k, p) -> 128 + 48 * p.scoreDocs.length)
          .expireAfterAccess(Duration.ofMinutes(10))
          .build();

  /** {@code sort} must end in {@link SortField#FIELD_DOC}: then no two documents tie. */
  ConfidencePages(Sort sort) {
    SortField[] fields = sort.getSort();
    if (fields[fields.length - 1] != SortField.FIELD_DOC) {
      throw new IllegalArgumentException("the sort must end in index order");
    }
    this.sort = sort;
  }

  /** The best {@code limit} documents of {@code query} by the sort, and their exact total. */
  TopDocs page(IndexSearcher searcher, VisibleDocs query, int limit) throws IOException {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    Weight expired = expiredBefore(searcher, query.now());
    TopFieldDocs[] perLeaf = new TopFieldDocs[leaves.size()];
    for (LeafReaderContext leaf : leaves) {
      TopFieldDocs page;
      if (anyIn(expired, leaf)) {
        page = sorted(leaf, query, limit);
      } else {
        Key key = new Key(FilteredStatistics.segmentKey(leaf.reader()), query.kept(), limit);
        page = pages.getIfPresent(key);
        if (page == null) {
          page = sorted(leaf, query, limit);
          pages.put(key, page);
        }
      }
      perLeaf[leaf.ord] = rebased(page, leaf.docBase);
    }
    return TopDocs.merge(sort, limit, perLeaf);
  }

  /** One segment's page, sorted by Lucene itself, its documents numbered within the segment. */
  private TopFieldDocs sorted(LeafReaderContext leaf, VisibleDocs query, int limit)
      throws IOException {
    IndexSearcher alone = new IndexSearcher(leaf.reader());
    alone.setQueryCache(null); // the filter is kept by VisibleDocs; nothing to cache twice
    return alone.search(query, new TopFieldCollectorManager(sort, limit, Integer.MAX_VALUE));
  }

  /**
   * The page numbered in the whole index: the document and its index-order sort value (the last)
   * move by the segment's base, which is all the merge needs to order segments as one sort would.
   */
  private static TopFieldDocs rebased(TopFieldDocs page, int docBase) {
    FieldDoc[] docs = new FieldDoc[page.scoreDocs.length];
    for (int i = 0; i < docs.length; i++) {
      FieldDoc d = (FieldDoc) page.scoreDocs[i];
      Object[] values = d.fields.clone();
      values[values.length - 1] = d.doc + docBase;
      docs[i] = new FieldDoc(d.doc + docBase, d.score, values);
    }
    return new TopFieldDocs(
        new TotalHits(page.totalHits.value(), page.totalHits.relation()), docs, page.fields);
  }

  private static Weight expiredBefore(IndexSearcher searcher, long now) throws IOException {
    Query expired = LongPoint.newRangeQuery(DocField.EXPIRES_AT.stored(), Long.MIN_VALUE, now - 1);
    return searcher.createWeight(searcher.rewrite(expired), ScoreMode.COMPLETE_NO_SCORES, 1f);
  }

  /** Whether the segment holds any document (visible or not) that has expired by now. */
  private static boolean anyIn(Weight expired, LeafReaderContext leaf) throws IOException {
    Scorer scorer = expired.scorer(leaf);
    return scorer != null && scorer.iterator().nextDoc() != DocIdSetIterator.NO_MORE_DOCS;
  }
}
