package dev.engram.recall.index.lucene;

import dev.engram.common.error.EngramException;
import dev.engram.recall.RecallError;
import dev.engram.recall.index.DocField;
import dev.engram.recall.index.ModelGuard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.jboss.logging.Logger;

/**
 * The lifecycle of the Lucene index in one directory: open (or create) it, find tenants embedded
 * with another model (see {@link ModelGuard}), commit with the model id in the commit data, and
 * after a failure drop back to the last commit and reopen on next use. One writer per directory;
 * Lucene's write lock keeps a second process out.
 */
final class LuceneIndex {

  private static final Logger LOG = Logger.getLogger(LuceneIndex.class);
  static final String COMMIT_MODEL = "engram.model";
  static final String COMMIT_DIMENSIONS = "engram.dimensions";
  static final String COMMIT_SCHEMA = "engram.schema";

  /** 2: archived/superseded times, provenance, confidence points and doc values. */
  static final String SCHEMA_VERSION = "2";

  /** An open index: the writer and the manager of searchers over its committed state. */
  record Open(Directory directory, IndexWriter writer, SearcherManager searchers) {}

  private final Path path;
  private final ModelGuard guard;
  private final int dimensions;
  private final Analyzer analyzer;

  /** Held while opening, closing or writing; searches need no lock. */
  final ReentrantLock lock = new ReentrantLock();

  private volatile Open open;
  private volatile String failure;
  private volatile String committedModel;
  private volatile String committedSchema;

  /** Vector length the index's schema holds (0: none yet); differs only across a model change. */
  private volatile int indexDimensions;

  LuceneIndex(Path path, ModelGuard guard, int dimensions, Analyzer analyzer) {
    this.path = path;
    this.guard = guard;
    this.dimensions = dimensions;
    this.analyzer = analyzer;
  }

  Path path() {
    return path;
  }

  /** Why the index is not open, or null. */
  String failure() {
    return failure;
  }

  /**
   * Whether the index's field schema cannot take new documents: vectors of another length, or an
   * older schema version (Lucene keeps a field's type index-wide even after its documents are
   * deleted, so resetting tenants one by one is not enough: the whole index must be cleared).
   */
  boolean schemaIncompatible() {
    boolean otherLength = indexDimensions != 0 && indexDimensions != dimensions;
    return otherLength || !committedSchema.equals(SCHEMA_VERSION);
  }

  /** The open index, reopening it if it is closed or its writer failed. */
  Open ensureOpen() {
    Open current = open;
    if (current != null && current.writer().isOpen()) {
      return current;
    }
    lock.lock();
    try {
      current = open;
      if (current != null && current.writer().isOpen()) {
        return current;
      }
      if (current != null) {
        discard(current, "the index writer closed after an error");
      }
      tryOpen();
      if (open == null) {
        throw unavailable();
      }
      return open;
    } finally {
      lock.unlock();
    }
  }

  /** Opens the index; a failure is kept in {@link #failure()}, not thrown. Call with the lock. */
  void tryOpen() {
    Directory directory = null;
    try {
      Files.createDirectories(path);
      directory = FSDirectory.open(path);
      boolean exists = DirectoryReader.indexExists(directory);
      IndexWriterConfig config =
          new IndexWriterConfig(analyzer)
              .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
              .setCommitOnClose(false); // only whole batches are ever committed
      IndexWriter writer = new IndexWriter(directory, config);
      Map<String, String> previous = new LinkedHashMap<>();
      if (writer.getLiveCommitData() != null) {
        writer.getLiveCommitData().forEach(e -> previous.put(e.getKey(), e.getValue()));
      }
      committedModel = previous.getOrDefault(COMMIT_MODEL, guard.modelId());
      committedSchema = previous.getOrDefault(COMMIT_SCHEMA, SCHEMA_VERSION);
      boolean foreign =
          !committedModel.equals(guard.modelId()) || !committedSchema.equals(SCHEMA_VERSION);
      if (!exists || (foreign && writer.getDocStats().numDocs == 0)) {
        // Nothing to keep: the (empty) index adopts the configured model and vector length.
        writer.deleteAll();
        guard.found(Set.of(), null, false);
        commit(writer);
      }
      SearcherManager searchers = new SearcherManager(writer, null);
      inspect(searchers);
      open = new Open(directory, writer, searchers);
      failure = null;
      LOG.infof("Index open at %s (%d documents)", path, writer.getDocStats().numDocs);
    } catch (IOException | RuntimeException e) {
      failure = "cannot open index directory " + path + ": " + describe(e);
      LOG.errorf("Index unavailable: %s", failure);
      closeQuietly(directory);
    }
  }

  /** Finds the vector length of the schema and the tenants embedded with another model. */
  private void inspect(SearcherManager searchers) throws IOException {
    IndexSearcher searcher = searchers.acquire();
    try {
      FieldInfo vectors =
          FieldInfos.getMergedFieldInfos(searcher.getIndexReader()).fieldInfo(LuceneSchema.VECTOR);
      indexDimensions = vectors == null ? 0 : vectors.getVectorDimension();
      boolean oldSchema = !committedSchema.equals(SCHEMA_VERSION);
      Set<String> stale = new LinkedHashSet<>();
      Terms tenants = MultiTerms.getTerms(searcher.getIndexReader(), DocField.TENANT.stored());
      if (tenants != null) {
        TermsEnum it = tenants.iterator();
        for (BytesRef t = it.next(); t != null; t = it.next()) {
          String tenant = t.utf8ToString();
          if (oldSchema || searcher.count(otherModel(tenant)) > 0) {
            stale.add(tenant);
          }
        }
      }
      String other =
          committedModel
              + (oldSchema
                  ? " (index schema "
                      + committedSchema
                      + "; this build writes "
                      + SCHEMA_VERSION
                      + ")"
                  : "");
      guard.found(stale, other, schemaIncompatible());
      if (!stale.isEmpty()) {
        LOG.warnf(
            "Index %s holds %d tenant(s) embedded with %s; the service embeds with %s: reindex",
            path, stale.size(), other, guard.modelId());
      }
    } finally {
      searchers.release(searcher);
    }
  }

  private BooleanQuery otherModel(String tenant) {
    return new BooleanQuery.Builder()
        .add(new MatchAllDocsQuery(), Occur.FILTER)
        .add(new TermQuery(new Term(DocField.TENANT.stored(), tenant)), Occur.FILTER)
        .add(new TermQuery(new Term(LuceneSchema.MODEL, guard.modelId())), Occur.MUST_NOT)
        .build();
  }

  /**
   * Makes everything written so far durable. The commit data names the configured model once no
   * tenant of another model is left, and the old one until then.
   */
  void commit(IndexWriter writer) throws IOException {
    boolean clean = !guard.mixed();
    Map<String, String> data = new LinkedHashMap<>();
    data.put(COMMIT_MODEL, clean ? guard.modelId() : committedModel);
    data.put(COMMIT_DIMENSIONS, Integer.toString(clean ? dimensions : indexDimensions));
    data.put(COMMIT_SCHEMA, clean ? SCHEMA_VERSION : committedSchema);
    writer.setLiveCommitData(data.entrySet());
    writer.commit();
    if (clean) {
      committedModel = guard.modelId();
      committedSchema = SCHEMA_VERSION;
    }
  }

  /** Called after a batch wrote vectors: the schema now holds the configured length. */
  void vectorsWritten() {
    indexDimensions = dimensions;
  }

  /** Closes an open index, discarding uncommitted changes; the next use reopens the last commit. */
  void discard(Open o, String why) {
    open = null;
    failure = why;
    closeQuietly(o.searchers());
    try {
      o.writer().rollback();
    } catch (IOException | RuntimeException e) {
      LOG.debugf("Rolling back the index writer: %s", e.getMessage());
    }
    closeQuietly(o.directory());
  }

  void close() {
    lock.lock();
    try {
      if (open != null) {
        discard(open, "closed");
      }
    } finally {
      lock.unlock();
    }
  }

  static EngramException unavailable() {
    return new EngramException(
        RecallError.INDEX_UNAVAILABLE, "The recall index is not available; try again later");
  }

  static String describe(Throwable e) {
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }

  private static void closeQuietly(AutoCloseable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception e) {
      LOG.debugf("Closing %s: %s", closeable, e.getMessage());
    }
  }
}
