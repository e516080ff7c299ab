package dev.engram.recall.index;

import dev.engram.common.error.EngramException;
import dev.engram.recall.RecallError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.jboss.logging.Logger;

/**
 * The lifecycle of the Lucene index in one directory: open (or create) it, commit with the model id
 * in the commit data, and after a failure drop back to the last commit and reopen on next use. One
 * writer per directory; Lucene's write lock keeps a second process out.
 */
final class LuceneIndex {

  private static final Logger LOG = Logger.getLogger(LuceneIndex.class);
  static final String COMMIT_MODEL = "engram.model";
  static final String COMMIT_DIMENSIONS = "engram.dimensions";
  static final String COMMIT_SCHEMA = "engram.schema";
  private static final String SCHEMA_VERSION = "1";

  /** An open index: the writer and the manager of searchers over its committed state. */
  record Open(Directory directory, IndexWriter writer, SearcherManager searchers) {}

  private final Path path;
  private final String modelId;
  private final int dimensions;
  private final Analyzer analyzer;

  /** Held while opening, closing or writing; searches need no lock. */
  final ReentrantLock lock = new ReentrantLock();

  private volatile Open open;
  private volatile String failure;
  private volatile String indexModel;

  LuceneIndex(Path path, String modelId, int dimensions, Analyzer analyzer) {
    this.path = path;
    this.modelId = modelId;
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

  /** The model the stored vectors were made with, from the last commit. */
  String indexModel() {
    return indexModel;
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
      indexModel = previous.getOrDefault(COMMIT_MODEL, modelId);
      if (!exists) {
        commit(writer); // an empty index on disk, so a restart finds an index, not nothing
      } else if (!indexModel.equals(modelId)) {
        LOG.warnf(
            "Index %s was built with model %s, the service embeds with %s: run a reindex",
            path, indexModel, modelId);
      }
      open = new Open(directory, writer, new SearcherManager(writer, null));
      failure = null;
      LOG.infof("Index open at %s (%d documents)", path, writer.getDocStats().numDocs);
    } catch (IOException | RuntimeException e) {
      failure = "cannot open index directory " + path + ": " + describe(e);
      LOG.errorf("Index unavailable: %s", failure);
      closeQuietly(directory);
    }
  }

  /** Makes everything written so far durable, with the model id in the commit data. */
  void commit(IndexWriter writer) throws IOException {
    Map<String, String> data = new LinkedHashMap<>();
    data.put(COMMIT_MODEL, modelId);
    data.put(COMMIT_DIMENSIONS, Integer.toString(dimensions));
    data.put(COMMIT_SCHEMA, SCHEMA_VERSION);
    writer.setLiveCommitData(data.entrySet());
    writer.commit();
    indexModel = modelId;
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
