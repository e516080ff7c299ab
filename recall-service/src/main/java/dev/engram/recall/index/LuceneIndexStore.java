package dev.engram.recall.index;

import dev.engram.common.error.EngramException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.AlreadyClosedException;
import org.jboss.logging.Logger;

/**
 * The embedded index: one Lucene index with an HNSW vector field and an English BM25 text field
 * (lower-cased, stemmed, stop words removed). Every batch is committed before {@link #apply}
 * returns, so the index reopens intact after a crash. An index that cannot be opened, or whose
 * writer failed, is retried on the next call, so readiness recovers once the cause is fixed.
 */
public final class LuceneIndexStore implements IndexStore {

  private static final Logger LOG = Logger.getLogger(LuceneIndexStore.class);

  private final String modelId;
  private final int dimensions;
  private final Analyzer analyzer = new EnglishAnalyzer();
  private final LuceneIndex index;

  /** Opens (or creates) the index in {@code path}; a failure is kept and retried, not thrown. */
  public LuceneIndexStore(Path path, String modelId, int dimensions) {
    this.modelId = modelId;
    this.dimensions = dimensions;
    this.index = new LuceneIndex(path.toAbsolutePath().normalize(), modelId, dimensions, analyzer);
    index.lock.lock();
    try {
      index.tryOpen();
    } finally {
      index.lock.unlock();
    }
  }

  @Override
  public ApplyResult apply(List<IndexOperation> operations) {
    for (IndexOperation op : operations) {
      if (op instanceof IndexOperation.Upsert u && !validVector(u.vector())) {
        throw new IllegalArgumentException(
            "vector of " + u.document().kind() + " " + u.document().id() + " is not valid");
      }
    }
    index.lock.lock();
    try {
      LuceneIndex.Open o = index.ensureOpen();
      ApplyResult result;
      IndexSearcher searcher = acquire(o);
      try {
        result = new LuceneBatch(o.writer(), searcher, modelId).apply(operations);
        index.commit(o.writer());
      } catch (IOException | RuntimeException e) {
        // Nothing of a failed batch may stay: back to the last commit, reopened on next use.
        LOG.errorf(e, "Index batch failed, rolling back to the last commit");
        release(o, searcher);
        index.discard(o, "writing the index failed: " + LuceneIndex.describe(e));
        throw LuceneIndex.unavailable();
      }
      release(o, searcher);
      o.searchers().maybeRefreshBlocking();
      return result;
    } catch (IOException e) {
      throw LuceneIndex.unavailable(); // the refresh failed; the batch itself is committed
    } finally {
      index.lock.unlock();
    }
  }

  @Override
  public List<SearchHit> dense(float[] vector, Visibility visibility, int limit) {
    Query query =
        new KnnFloatVectorQuery(
            LuceneSchema.VECTOR,
            LuceneBatch.unit(vector),
            limit,
            LuceneQueries.visibility(visibility));
    return search(query, limit, true);
  }

  @Override
  public List<SearchHit> keyword(String text, Visibility visibility, int limit) {
    Query query = LuceneQueries.keyword(analyzer, text, LuceneQueries.visibility(visibility));
    return query == null ? List.of() : search(query, limit, false);
  }

  private List<SearchHit> search(Query query, int limit, boolean cosine) {
    LuceneIndex.Open o = index.ensureOpen();
    IndexSearcher searcher = acquire(o);
    try {
      TopDocs top = searcher.search(query, limit);
      List<SearchHit> hits = new ArrayList<>(top.scoreDocs.length);
      var stored = searcher.storedFields();
      for (ScoreDoc sd : top.scoreDocs) {
        // DOT_PRODUCT scores are (1 + cosine) / 2; report the cosine itself.
        double score = cosine ? 2.0 * sd.score - 1.0 : sd.score;
        hits.add(new SearchHit(LuceneSchema.fromStored(stored.document(sd.doc)), score));
      }
      return hits;
    } catch (IOException e) {
      LOG.errorf(e, "Index search failed");
      throw LuceneIndex.unavailable();
    } finally {
      release(o, searcher);
    }
  }

  @Override
  public long count(DocKind kind) {
    return count(new TermQuery(new Term(LuceneSchema.KIND, kind.wire())));
  }

  @Override
  public long count(String tenant) {
    return count(new TermQuery(new Term(LuceneSchema.TENANT, tenant)));
  }

  private long count(Query query) {
    LuceneIndex.Open o = index.ensureOpen();
    IndexSearcher searcher = acquire(o);
    try {
      return searcher.count(query);
    } catch (IOException e) {
      throw LuceneIndex.unavailable();
    } finally {
      release(o, searcher);
    }
  }

  @Override
  public StoreHealth health() {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("directory", index.path().toString());
    data.put("model", modelId);
    LuceneIndex.Open o;
    try {
      o = index.ensureOpen();
    } catch (EngramException e) {
      return new StoreHealth(false, index.failure(), data);
    }
    data.put("index_model", index.indexModel());
    Throwable tragic = o.writer().getTragicException();
    if (tragic != null) {
      return new StoreHealth(
          false, "the index writer failed: " + LuceneIndex.describe(tragic), data);
    }
    try {
      // A real write: access(2) says yes to root even where a write would fail.
      Path probe = Files.createTempFile(index.path(), "health-probe-", ".tmp");
      Files.delete(probe);
    } catch (IOException | RuntimeException e) {
      return new StoreHealth(
          false,
          "index directory " + index.path() + " is not writable: " + LuceneIndex.describe(e),
          data);
    }
    data.put("documents", o.writer().getDocStats().numDocs);
    return new StoreHealth(true, null, data);
  }

  @Override
  public void close() {
    index.close();
    analyzer.close();
  }

  private static IndexSearcher acquire(LuceneIndex.Open o) {
    try {
      return o.searchers().acquire();
    } catch (IOException | AlreadyClosedException e) {
      throw LuceneIndex.unavailable();
    }
  }

  private static void release(LuceneIndex.Open o, IndexSearcher searcher) {
    try {
      o.searchers().release(searcher);
    } catch (IOException | AlreadyClosedException e) {
      LOG.debugf("Releasing a searcher: %s", e.getMessage());
    }
  }

  private boolean validVector(float[] vector) {
    if (vector == null || vector.length != dimensions) {
      return false;
    }
    for (float x : vector) {
      if (!Float.isFinite(x)) {
        return false;
      }
    }
    return true;
  }
}
