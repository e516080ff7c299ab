package dev.engram.recall.index;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import java.util.Collection;
import java.util.List;

/**
 * The recall index: documents with a dense vector and BM25 text, searched within a {@link
 * Visibility}. The port behind which the embedded Lucene index and Qdrant sit; {@code
 * IndexStoreContract} is the test every adapter passes. Fusion of the lists happens above the port,
 * in the same code for every adapter.
 *
 * <p>Every adapter records the embedding model of each document and refuses, with {@code
 * reindex_required}, reads and writes that would mix vectors of two models in one tenant (see
 * {@link ModelGuard}).
 */
public interface IndexStore extends AutoCloseable {

  /**
   * Applies a batch in order and makes it durable before returning. An upsert or delete older than
   * the stored version of its document is skipped, which makes re-sending a batch harmless.
   *
   * @throws dev.engram.common.error.EngramException index_unavailable when the store cannot write,
   *     reindex_required when an upsert would mix embedding models in a tenant
   */
  ApplyResult apply(List<IndexOperation> operations);

  /** The documents nearest to a unit vector, best first; score is the cosine similarity. */
  List<SearchHit> dense(float[] vector, Visibility visibility, int limit);

  /** The documents matching a free-text query by BM25, best first; score is the BM25 score. */
  List<SearchHit> keyword(String query, Visibility visibility, int limit);

  /** Those of the named documents that exist and are visible, in no particular order. */
  List<IndexDocument> get(Collection<DocKey> keys, Visibility visibility);

  /** Visible documents by confidence, highest first (ties: newest first), and their total. */
  Page byConfidence(Visibility visibility, int limit);

  /** Documents of one kind, over all tenants (for metrics). */
  long count(DocKind kind);

  /** Documents of one tenant, of every kind and status. */
  long count(String tenant);

  /**
   * A view of every document of every tenant with its vector, for a backup.
   *
   * @throws dev.engram.common.error.EngramException reindex_required when some tenant still holds
   *     vectors of another model (an export would mix two models), index_unavailable
   */
  IndexSnapshot snapshot();

  /**
   * Loads documents that carry their vectors (a restore), without embedding anything. {@code
   * replace}: each tenant of the input is emptied before its first document; otherwise documents
   * merge by version as upserts do, except that an equal version counts as unchanged and is not
   * rewritten. {@code dryRun}: counts only, writes nothing. Lucene applies the whole import in one
   * commit or nothing; Qdrant, which has no transactions, in batches (see the adapter).
   *
   * @throws dev.engram.common.error.EngramException what {@code source} throws for bad input
   *     (nothing applied), reindex_required, index_unavailable
   */
  ImportCounts load(ImportSource source, boolean replace, boolean dryRun);

  /**
   * Whether {@link #load} is all or nothing by itself. If not, the caller reads and checks the
   * whole input before loading it, so bad input changes nothing.
   */
  default boolean atomicLoad() {
    return false;
  }

  /** Whether reads and writes work now; never throws. */
  StoreHealth health();

  @Override
  void close();
}
