package dev.engram.recall.index.lucene;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.DocField;
import dev.engram.recall.index.ImportCounts;
import dev.engram.recall.index.ImportSource;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.ModelGuard;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;

/**
 * One import into the Lucene index, written into the open writer without committing: the caller
 * commits once at the end, or rolls the writer back, so an import is all or nothing and a crash
 * half-way leaves the last commit. Versions are looked up in a near-real-time reader of the writer
 * (reopened every {@link #REFRESH_EVERY} documents and after each tenant reset) plus the versions
 * written since, so memory stays bounded whatever the size of the import.
 */
final class LuceneLoad {

  static final int REFRESH_EVERY = 10_000;

  private record Key(String tenant, DocKind kind, long id) {}

  private final IndexWriter writer;
  private final IndexSearcher committed;
  private final ModelGuard guard;
  private final boolean replace;
  private final boolean dryRun;
  private final boolean clearSchemaFirst;
  private final Map<Key, Long> recent = new HashMap<>();
  private final Set<String> tenants = new HashSet<>();
  private final List<IndexOperation> resets = new ArrayList<>();
  private DirectoryReader view;
  private IndexSearcher searcher;
  private boolean cleared;
  private boolean wrote;
  private long received;
  private long inserted;
  private long updated;
  private long unchanged;

  LuceneLoad(
      IndexWriter writer,
      IndexSearcher committed,
      ModelGuard guard,
      boolean replace,
      boolean dryRun,
      boolean clearSchemaFirst) {
    this.writer = writer;
    this.committed = committed;
    this.guard = guard;
    this.replace = replace;
    this.dryRun = dryRun;
    this.clearSchemaFirst = clearSchemaFirst;
  }

  /** The tenants reset (replace), to tell the model guard once the import is committed. */
  List<IndexOperation> resets() {
    return resets;
  }

  boolean wroteVectors() {
    return wrote;
  }

  ImportCounts run(ImportSource source) throws IOException {
    searcher = committed;
    try {
      for (IndexOperation.Upsert u = source.next(); u != null; u = source.next()) {
        received++;
        load(u);
        if (recent.size() >= REFRESH_EVERY) {
          refresh();
        }
      }
    } finally {
      if (view != null) {
        view.close();
      }
    }
    return new ImportCounts(received, inserted, updated, unchanged);
  }

  private void load(IndexOperation.Upsert u) throws IOException {
    IndexDocument d = u.document();
    if (replace && tenants.add(d.tenant())) {
      resets.add(new IndexOperation.Reset(d.tenant()));
      recent.keySet().removeIf(k -> k.tenant().equals(d.tenant()));
      if (!dryRun) {
        writer.deleteDocuments(new Term(DocField.TENANT.stored(), d.tenant()));
        refresh();
      }
    }
    List<IndexOperation> check = new ArrayList<>(resets);
    check.add(u);
    guard.checkWrite(check);
    if (clearSchemaFirst && !cleared && !dryRun) {
      // As in LuceneBatch: the old field schema (every tenant reset by now) must go first.
      writer.deleteAll();
      cleared = true;
      refresh();
    }
    Key key = new Key(d.tenant(), d.kind(), d.id());
    Long stored = storedVersion(key);
    if (stored != null && d.version() <= stored) {
      unchanged++;
      return;
    }
    if (stored == null) {
      inserted++;
    } else {
      updated++;
    }
    recent.put(key, d.version());
    if (dryRun) {
      return;
    }
    writer.updateDocument(
        LuceneSchema.key(d.tenant(), d.kind(), d.id()),
        LuceneSchema.toDocument(d, LuceneBatch.unit(u.vector()), guard.modelId()));
    wrote = true;
  }

  private Long storedVersion(Key key) throws IOException {
    if (recent.containsKey(key)) {
      return recent.get(key);
    }
    if (dryRun && replace) {
      return null; // the tenant was emptied (a dry run only pretends to)
    }
    TopDocs top =
        searcher.search(new TermQuery(LuceneSchema.key(key.tenant(), key.kind(), key.id())), 1);
    if (top.scoreDocs.length == 0) {
      return null;
    }
    Document doc =
        searcher.storedFields().document(top.scoreDocs[0].doc, Set.of(DocField.VERSION.stored()));
    return doc.getField(DocField.VERSION.stored()).numericValue().longValue();
  }

  /** A new near-real-time view of what this import wrote so far (a dry run keeps the commit). */
  private void refresh() throws IOException {
    if (dryRun) {
      recent.clear(); // bounded memory; only duplicates inside one import are missed
      return;
    }
    if (view == null) {
      view = DirectoryReader.open(writer, true, false);
    } else {
      DirectoryReader newer = DirectoryReader.openIfChanged(view, writer, true);
      if (newer != null) {
        view.close();
        view = newer;
      }
    }
    searcher = new IndexSearcher(view);
    recent.clear();
  }
}
