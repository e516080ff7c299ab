package dev.engram.recall.index.lucene;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.ApplyResult;
import dev.engram.recall.index.DocField;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.ModelGuard;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;

/**
 * Applies one batch to an index writer, in order. The version check must see earlier operations of
 * the same batch, which the (committed) searcher does not, so the batch keeps its own view of what
 * it has written on top of the searcher.
 */
final class LuceneBatch {

  private record Key(String tenant, DocKind kind, long id) {}

  private final IndexWriter writer;
  private final IndexSearcher committed;
  private final String modelId;

  /** Version written by this batch per document; null value: deleted by this batch. */
  private final Map<Key, Long> written = new HashMap<>();

  private final Set<String> resetTenants = new HashSet<>();
  private final boolean clearSchemaFirst;
  private boolean cleared;
  private boolean upserted;
  private int applied;
  private int skipped;

  /**
   * {@code clearSchemaFirst}: the schema holds vectors of another length or is an older schema
   * version (every tenant reset by now, see {@link ModelGuard}); the first upsert clears the index,
   * field schema included, so the new fields can be written.
   */
  LuceneBatch(
      IndexWriter writer, IndexSearcher committed, String modelId, boolean clearSchemaFirst) {
    this.writer = writer;
    this.committed = committed;
    this.modelId = modelId;
    this.clearSchemaFirst = clearSchemaFirst;
  }

  /** Whether the batch wrote at least one vector. */
  boolean wroteVectors() {
    return upserted;
  }

  ApplyResult apply(List<IndexOperation> operations) throws IOException {
    for (IndexOperation op : operations) {
      switch (op) {
        case IndexOperation.Upsert u -> upsert(u);
        case IndexOperation.Delete d -> delete(d);
        case IndexOperation.Reset r -> reset(r);
      }
    }
    return new ApplyResult(applied, skipped);
  }

  private void upsert(IndexOperation.Upsert u) throws IOException {
    if (clearSchemaFirst && !cleared) {
      writer.deleteAll(); // forgets the old field types too; only deleted documents are lost
      written.clear();
      cleared = true;
    }
    IndexDocument d = u.document();
    Key key = new Key(d.tenant(), d.kind(), d.id());
    Long stored = storedVersion(key);
    if (stored != null && d.version() < stored) {
      skipped++;
      return;
    }
    writer.updateDocument(
        LuceneSchema.key(d.tenant(), d.kind(), d.id()),
        LuceneSchema.toDocument(d, unit(u.vector()), modelId));
    written.put(key, d.version());
    upserted = true;
    applied++;
  }

  private void delete(IndexOperation.Delete d) throws IOException {
    Key key = new Key(d.tenant(), d.kind(), d.id());
    Long stored = storedVersion(key);
    if (stored != null && d.version() != null && d.version() < stored) {
      skipped++;
      return;
    }
    writer.deleteDocuments(LuceneSchema.key(d.tenant(), d.kind(), d.id()));
    written.put(key, null);
    applied++;
  }

  private void reset(IndexOperation.Reset r) throws IOException {
    writer.deleteDocuments(new Term(DocField.TENANT.stored(), r.tenant()));
    written.keySet().removeIf(k -> k.tenant().equals(r.tenant()));
    resetTenants.add(r.tenant());
    applied++;
  }

  /** The version the index holds for a document as of this point in the batch; null if none. */
  private Long storedVersion(Key key) throws IOException {
    if (written.containsKey(key)) {
      return written.get(key);
    }
    if (cleared || resetTenants.contains(key.tenant())) {
      return null;
    }
    TopDocs top =
        committed.search(new TermQuery(LuceneSchema.key(key.tenant(), key.kind(), key.id())), 1);
    if (top.scoreDocs.length == 0) {
      return null;
    }
    Document doc =
        committed.storedFields().document(top.scoreDocs[0].doc, Set.of(DocField.VERSION.stored()));
    return doc.getField(DocField.VERSION.stored()).numericValue().longValue();
  }

  /** A unit-length copy: DOT_PRODUCT similarity is only a cosine for unit vectors. */
  static float[] unit(float[] vector) {
    double norm = 0;
    for (float x : vector) {
      norm += (double) x * x;
    }
    float scale = (float) (1.0 / Math.max(Math.sqrt(norm), 1e-12));
    float[] out = new float[vector.length];
    for (int i = 0; i < vector.length; i++) {
      out[i] = vector[i] * scale;
    }
    return out;
  }
}
