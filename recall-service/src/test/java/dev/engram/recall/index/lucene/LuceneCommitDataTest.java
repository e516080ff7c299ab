package dev.engram.recall.index.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.common.error.EngramException;
import dev.engram.contracts.index.DocKind;
import dev.engram.recall.RecallError;
import dev.engram.recall.index.ApplyResult;
import dev.engram.recall.index.DocBuilder;
import dev.engram.recall.index.DocField;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.Visibility;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the Lucene adapter writes into its commits (the model, the vector length, the schema) and
 * how an index of an older schema is recognised; the rest of the adapter runs the shared contract
 * in {@code LuceneIndexStoreTest}.
 */
class LuceneCommitDataTest {

  static final String MODEL = "test-model";
  static final int DIMENSIONS = 16;

  @TempDir Path dir;

  IndexStore store;

  final Visibility visible =
      Visibility.of("t1", "bot1", null, Set.of(DocKind.values()), Instant.now());

  IndexStore createStore() {
    return new LuceneIndexStore(dir.resolve("index"), MODEL, DIMENSIONS);
  }

  @org.junit.jupiter.api.BeforeEach
  void open() {
    store = createStore();
  }

  @AfterEach
  void close() {
    store.close();
  }

  ApplyResult apply(IndexOperation... operations) {
    return store.apply(List.of(operations));
  }

  static IndexOperation.Upsert upsert(String text) {
    float[] vector = new float[DIMENSIONS];
    vector[1] = 1f;
    return new IndexOperation.Upsert(DocBuilder.memory("t1", 1, null, null, text).build(), vector);
  }

  @Test
  void commitsRecordTheEmbeddingModel() throws IOException {
    apply(upsert("text"));
    try (var directory = FSDirectory.open(dir.resolve("index"));
        var reader = DirectoryReader.open(directory)) {
      var userData = reader.getIndexCommit().getUserData();
      assertEquals(MODEL, userData.get(LuceneIndex.COMMIT_MODEL));
      assertEquals(Integer.toString(DIMENSIONS), userData.get(LuceneIndex.COMMIT_DIMENSIONS));
    }
    assertEquals(MODEL, store.health().data().get("index_model"));
  }

  @Test
  void anIndexOfAnOlderSchemaIsRebuiltByResettingItsTenants() throws IOException {
    store.close();
    // What schema 1 left on disk: a confidence field without doc values, same model and length.
    try (var directory = FSDirectory.open(dir.resolve("index"));
        var writer = new IndexWriter(directory, new IndexWriterConfig())) {
      Document old = new Document();
      old.add(new StringField(DocField.TENANT.stored(), "t1", Field.Store.YES));
      old.add(new StoredField(DocField.CONFIDENCE.stored(), 0.5));
      writer.addDocument(old);
      writer.setLiveCommitData(
          Map.of(
                  LuceneIndex.COMMIT_MODEL,
                  MODEL,
                  LuceneIndex.COMMIT_DIMENSIONS,
                  Integer.toString(DIMENSIONS),
                  LuceneIndex.COMMIT_SCHEMA,
                  "1")
              .entrySet());
      writer.commit();
    }
    store = createStore();
    var doc = upsert("reindexed");
    EngramException stale = assertThrows(EngramException.class, () -> apply(doc));
    assertEquals(RecallError.REINDEX_REQUIRED, stale.error());
    assertTrue(stale.getMessage().contains("index schema 1"), stale.getMessage());
    // What a reindex sends: the reset, then the documents (here in one batch).
    assertEquals(new ApplyResult(2, 0), apply(new IndexOperation.Reset("t1"), doc));
    assertEquals(
        List.of(1L),
        store.keyword("reindexed", visible, 5).stream().map(h -> h.document().id()).toList());
    store.close();
    store = createStore();
    assertEquals(1, store.count("t1"), "clean after a restart: the schema is the new one");
    assertEquals(false, store.health().data().get("reindex_required"));
  }
}
