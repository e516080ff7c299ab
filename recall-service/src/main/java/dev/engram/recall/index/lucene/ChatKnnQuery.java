package dev.engram.recall.index.lucene;

import java.io.IOException;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.AcceptDocs;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHits;
import org.apache.lucene.search.knn.KnnCollectorManager;

/**
 * The dense query: exact nearest neighbours when the recall may see few documents, the HNSW graph
 * otherwise. An approximate search under a selective filter walks a graph built over every tenant
 * and chat, so which of a chat's documents it finds depends on what the others hold; scoring a
 * chat's few thousand vectors one by one costs about a millisecond and depends on nothing but the
 * chat.
 */
final class ChatKnnQuery extends KnnFloatVectorQuery {

  /** Visible documents up to which every vector is scored (about 1 ms per 10k). */
  static final int EXACT_UP_TO = 10_000;

  private final boolean exact;

  ChatKnnQuery(String field, float[] target, int k, Query filter, boolean exact) {
    super(field, target, k, filter);
    this.exact = exact;
  }

  @Override
  protected TopDocs approximateSearch(
      LeafReaderContext context,
      AcceptDocs acceptDocs,
      int visitedLimit,
      KnnCollectorManager knnCollectorManager)
      throws IOException {
    if (exact) {
      // "Incomplete" makes the caller score every document the filter accepts instead.
      return new TopDocs(
          new TotalHits(visitedLimit, TotalHits.Relation.GREATER_THAN_OR_EQUAL_TO),
          new ScoreDoc[0]);
    }
    return super.approximateSearch(context, acceptDocs, visitedLimit, knnCollectorManager);
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && exact == ((ChatKnnQuery) o).exact;
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + Boolean.hashCode(exact);
  }
}
