package dev.engram.recall.index.lucene;

import com.github.benmanes.caffeine.cache.Cache;
import dev.engram.common.error.EngramException;
import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.ApplyResult;
import dev.engram.recall.index.DocField;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.index.ImportCounts;
import dev.engram.recall.index.ImportSource;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.IndexSnapshot;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.ModelGuard;
import dev.engram.recall.index.Page;
import dev.engram.recall.index.SearchHit;
import dev.engram.recall.index.StoreHealth;
import dev.engram.recall.index.TextTerms;
import dev.engram.recall.index.VectorRule;
import dev.engram.recall.index.Visibility;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.store.AlreadyClosedException;
import org.jboss.logging.Logger;

/**
 * The embedded index: one Lucene index with an HNSW vector field and an English BM25 text field
 * (see {@link TextTerms}). Every batch is committed before {@link #apply} returns, so the index
 * reopens intact after a crash. An index that cannot be opened, or whose writer failed, is retried
 * on the next call, so readiness recovers once the cause is fixed. Searchers are shared and
 * refreshed after each batch ({@code SearcherManager}), never opened per request.
 */
public final class LuceneIndexStore implements IndexStore {

  private static final Logger LOG = Logger.getLogger(LuceneIndexStore.class);

  private static final Sort BY_CONFIDENCE =
      new Sort(
          confidenceField(),
          new SortField(DocField.CREATED_AT.stored(), SortField.Type.LONG, true),
          SortField.FIELD_DOC);

  /**
   * Equal scores, newest first, then index order: Lucene alone breaks ties by the document's place
   * in the index, which merges of segments holding other chats' documents change, so which of tied
   * documents made a list's cut depended on the crowd.
   */
  private static final Sort BY_SCORE =
      new Sort(
          SortField.FIELD_SCORE,
          new SortField(DocField.CREATED_AT.stored(), SortField.Type.LONG, true),
          SortField.FIELD_DOC);

  private final int dimensions;
  private final Analyzer analyzer = TextTerms.analyzer();
  private final ModelGuard guard;
  private final LuceneIndex index;
  private final Cache<FilteredStatistics.SegmentKey, FilteredStatistics.SegmentSet> statistics =
      FilteredStatistics.cache();
  private final Cache<VisibleDocs.Key, VisibleDocs.Kept> visible = VisibleDocs.cache();
  private final StoredDocuments stored = new StoredDocuments();
  private final ConfidencePages confidencePages = new ConfidencePages(BY_CONFIDENCE);

  /** The keyword list's rules: see {@link FilteredStatistics#telling} and {@link TermSetTies}. */
  public record KeywordRules(double commonTermShare, boolean nameTies) {
    /** What recall runs by default. */
    public static final KeywordRules DEFAULT = new KeywordRules(0.8, true);
  }

  private final KeywordRules rules;

  /** Opens (or creates) the index in {@code path}; a failure is kept and retried, not thrown. */
  public LuceneIndexStore(Path path, String modelId, int dimensions) {
    this(path, modelId, dimensions, KeywordRules.DEFAULT);
  }

  /** As above, with the keyword list's rules given. */
  public LuceneIndexStore(Path path, String modelId, int dimensions, KeywordRules rules) {
    this.rules = rules;
    this.dimensions = dimensions;
    this.guard = new ModelGuard(modelId);
    this.index = new LuceneIndex(path.toAbsolutePath().normalize(), guard, dimensions, analyzer);
    index.lock.lock();
    try {
      index.tryOpen();
    } finally {
      index.lock.unlock();
    }
  }

  @Override
  public ApplyResult apply(List<IndexOperation> operations) {
    VectorRule.check(operations, dimensions);
    index.lock.lock();
    try {
      LuceneIndex.Open o = index.ensureOpen();
      guard.checkWrite(operations);
      ApplyResult result;
      IndexSearcher searcher = acquire(o);
      try {
        var batch =
            new LuceneBatch(o.writer(), searcher, guard.modelId(), index.schemaIncompatible());
        result = batch.apply(operations);
        guard.applied(operations);
        index.commit(o.writer());
        if (batch.wroteVectors()) {
          index.vectorsWritten();
        }
      } catch (IOException | RuntimeException e) {
        // Nothing of a failed batch may stay: back to the last commit, reopened on next use
        // (which also recomputes the model guard from what is on disk).
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
  public IndexSnapshot snapshot() {
    LuceneIndex.Open o = index.ensureOpen();
    IndexSearcher searcher = acquire(o);
    if (guard.mixed()) {
      release(o, searcher);
      throw guard.exportRefused();
    }
    return new LuceneSnapshot(o, searcher, guard.modelId());
  }

  /**
   * Writes the whole import into the writer and commits once; any failure, bad input included,
   * rolls the writer back to the last commit (the index reopens on next use), so nothing of it
   * stays. Holds the write lock throughout: outbox batches wait for the import.
   */
  @Override
  public boolean atomicLoad() {
    return true;
  }

  @Override
  public ImportCounts load(ImportSource source, boolean replace, boolean dryRun) {
    index.lock.lock();
    try {
      LuceneIndex.Open o = index.ensureOpen();
      IndexSearcher searcher = acquire(o);
      var load =
          new LuceneLoad(o.writer(), searcher, guard, replace, dryRun, index.schemaIncompatible());
      ImportCounts counts;
      try {
        counts = load.run(source);
        if (!dryRun) {
          guard.applied(load.resets());
          index.commit(o.writer());
          if (load.wroteVectors()) {
            index.vectorsWritten();
          }
        }
      } catch (IOException | RuntimeException e) {
        release(o, searcher);
        if (!dryRun) {
          LOG.warnf("Import failed, rolling the index back to the last commit: %s", e);
          index.discard(o, "an import failed and was rolled back: " + LuceneIndex.describe(e));
        }
        if (e instanceof EngramException engram) {
          throw engram;
        }
        LOG.errorf(e, "Import failed");
        throw LuceneIndex.unavailable();
      }
      release(o, searcher);
      if (!dryRun) {
        o.searchers().maybeRefreshBlocking();
      }
      return counts;
    } catch (IOException e) {
      throw LuceneIndex.unavailable(); // the refresh failed; the import itself is committed
    } finally {
      index.lock.unlock();
    }
  }

  @Override
  public List<SearchHit> dense(float[] vector, Visibility visibility, int limit) {
    LuceneIndex.Open o = openFor(visibility);
    Query filter = LuceneQueries.visible(visibility, visible);
    Query set = LuceneQueries.statistics(visibility);
    float[] unit = LuceneBatch.unit(vector);
    return search(
        o,
        limit,
        true,
        shared -> {
          // Exact when what the chat may see is small (ChatKnnQuery); the count comes from the
          // segment sets the keyword list keeps.
          long visible = FilteredStatistics.count(shared, set, statistics);
          boolean exact = visible <= ChatKnnQuery.EXACT_UP_TO;
          return new Planned(
              shared, new ChatKnnQuery(LuceneSchema.VECTOR, unit, limit, filter, exact));
        });
  }

  @Override
  public List<SearchHit> keyword(String text, Visibility visibility, int limit) {
    LuceneIndex.Open o = openFor(visibility);
    Query filter = LuceneQueries.visible(visibility, visible);
    Set<String> terms = TextTerms.distinct(analyzer, text);
    if (terms.isEmpty()) {
      return List.of();
    }
    // BM25's statistics from what this chat may see, not the whole index (FilteredStatistics);
    // a term that most of it contains is left out (FilteredStatistics#telling).
    return search(
        o,
        limit,
        false,
        shared -> {
          FilteredStatistics chat =
              FilteredStatistics.of(shared, LuceneQueries.statistics(visibility), statistics);
          Set<String> telling =
              chat.telling(DocField.TEXT.stored(), terms, rules.commonTermShare());
          return new Planned(
              chat,
              LuceneQueries.keyword(telling, filter),
              rules.nameTies() ? List.copyOf(telling) : null,
              TextTerms.names(analyzer, text));
        });
  }

  @Override
  public List<IndexDocument> get(Collection<DocKey> keys, Visibility visibility) {
    LuceneIndex.Open o = openFor(visibility);
    if (keys.isEmpty()) {
      return List.of();
    }
    Query query = LuceneQueries.keys(visibility, keys);
    return search(o, keys.size(), false, shared -> new Planned(shared, query)).stream()
        .map(SearchHit::document)
        .toList();
  }

  @Override
  public Page byConfidence(Visibility visibility, int limit) {
    LuceneIndex.Open o = openFor(visibility);
    Query query = LuceneQueries.visible(visibility, visible);
    IndexSearcher searcher = acquire(o);
    try {
      // One pass: the page and the exact total together (was a search, then a count); kept
      // per segment, since sorting everything the agent sees was most of a context's CPU.
      TopDocs top =
          query instanceof VisibleDocs filter
              ? confidencePages.page(searcher, filter, Math.max(1, limit))
              : searcher.search(
                  query,
                  new TopFieldCollectorManager(
                      BY_CONFIDENCE, Math.max(1, limit), Integer.MAX_VALUE));
      List<IndexDocument> documents = new ArrayList<>(top.scoreDocs.length);
      for (ScoreDoc sd : top.scoreDocs) {
        documents.add(stored.get(searcher.getIndexReader(), sd.doc));
      }
      return new Page(documents, top.totalHits.value());
    } catch (IOException e) {
      LOG.errorf(e, "Index search failed");
      throw LuceneIndex.unavailable();
    } finally {
      release(o, searcher);
    }
  }

  /** The open index, once the tenant is known not to hold vectors of another model. */
  private LuceneIndex.Open openFor(Visibility visibility) {
    LuceneIndex.Open o = index.ensureOpen();
    guard.checkRead(visibility.tenant());
    return o;
  }

  /** What to run on the acquired shared searcher: the searcher to score with and the query. */
  private interface Plan {
    Planned on(IndexSearcher shared) throws IOException;
  }

  /** {@code tieTerms}: the keyword list's query terms, for {@link TermSetTies}; else null. */
  private record Planned(
      IndexSearcher searcher, Query query, List<String> tieTerms, Set<String> names) {
    Planned(IndexSearcher searcher, Query query) {
      this(searcher, query, null, Set.of());
    }
  }

  /** Best first, then newer first; stable, so index order stays the last tie-break. */
  private static final Comparator<SearchHit> TIED_ORDER =
      Comparator.comparingDouble(SearchHit::score)
          .reversed()
          .thenComparing(h -> h.document().createdAt(), Comparator.reverseOrder());

  private List<SearchHit> search(LuceneIndex.Open o, int limit, boolean cosine, Plan plan) {
    IndexSearcher shared = acquire(o);
    try {
      Planned planned = plan.on(shared);
      if (planned.query() == null) {
        return List.of(); // nothing left to search for
      }
      IndexSearcher searcher = planned.searcher();
      // Rewritten once here: filling in the top hits' scores rewrites the query it is given
      // again, and a kNN query's rewrite is its whole search (the HNSW walk or the exact scan),
      // so every dense list searched the vectors twice.
      Query query = searcher.rewrite(planned.query());
      TopDocs top = searcher.search(query, limit, BY_SCORE, true);
      List<SearchHit> hits = new ArrayList<>(top.scoreDocs.length);
      float[] tied =
          planned.tieTerms() == null
              ? null
              : TermSetTies.apply(
                  searcher.getIndexReader(),
                  top.scoreDocs,
                  DocField.TEXT.stored(),
                  planned.tieTerms(),
                  planned.names());
      for (int i = 0; i < top.scoreDocs.length; i++) {
        ScoreDoc sd = top.scoreDocs[i];
        // DOT_PRODUCT scores are (1 + cosine) / 2; report the cosine itself.
        double score = tied != null ? tied[i] : cosine ? 2.0 * sd.score - 1.0 : sd.score;
        hits.add(new SearchHit(stored.get(searcher.getIndexReader(), sd.doc), score));
      }
      if (tied != null) {
        hits.sort(TIED_ORDER);
      }
      return hits;
    } catch (IOException e) {
      LOG.errorf(e, "Index search failed");
      throw LuceneIndex.unavailable();
    } finally {
      release(o, shared);
    }
  }

  @Override
  public long count(DocKind kind) {
    return count(new TermQuery(new Term(DocField.KIND.stored(), kind.wire())));
  }

  @Override
  public long count(String tenant) {
    return count(new TermQuery(new Term(DocField.TENANT.stored(), tenant)));
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
    data.put("store", "lucene");
    data.put("directory", index.path().toString());
    LuceneIndex.Open o;
    try {
      o = index.ensureOpen();
    } catch (EngramException e) {
      data.put("model", guard.modelId());
      return new StoreHealth(false, index.failure(), data);
    }
    data.putAll(guard.describe());
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

  private static SortField confidenceField() {
    SortField confidence = new SortField(DocField.CONFIDENCE.stored(), SortField.Type.DOUBLE, true);
    confidence.setMissingValue(Double.NEGATIVE_INFINITY); // no confidence: last
    return confidence;
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
}
