package dev.engram.recall.index;

import static dev.engram.recall.index.IndexStoreFixtures.DIMENSIONS;
import static dev.engram.recall.index.IndexStoreFixtures.axis;
import static dev.engram.recall.index.IndexStoreFixtures.exchange;
import static dev.engram.recall.index.IndexStoreFixtures.ids;
import static dev.engram.recall.index.IndexStoreFixtures.memory;
import static dev.engram.recall.index.IndexStoreFixtures.upsert;
import static dev.engram.recall.index.IndexStoreFixtures.versioned;
import static dev.engram.recall.index.IndexStoreFixtures.visible;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.common.error.EngramException;
import dev.engram.recall.RecallError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Lucene adapter: the shared contract, plus durability and failure on a real directory. */
class LuceneIndexStoreTest extends IndexStoreContract {

  static final String MODEL = "test-model";

  @TempDir Path dir;

  @Override
  IndexStore createStore() {
    return new LuceneIndexStore(dir.resolve("index"), MODEL, DIMENSIONS);
  }

  @Override
  IndexStore reopen(String modelId, int dimensions) {
    store.close();
    return new LuceneIndexStore(dir.resolve("index"), modelId, dimensions);
  }

  @Test
  void theIndexSurvivesARestart() {
    apply(
        upsert(memory("t1", 1, Scope.GLOBAL, null, null, "remember the milk"), axis(1)),
        upsert(exchange("t1", 2, "bot1", "chat-a", "and the eggs"), axis(2)));
    store.close();

    store = createStore();
    assertEquals(2, store.count("t1"));
    assertEquals(List.of(1L), ids(store.keyword("milk", visible("t1", "bot1", null), 5)));
    assertEquals(List.of(2L), ids(store.dense(axis(2), visible("t1", "bot1", "chat-a"), 1)));
    assertEquals(
        new ApplyResult(0, 1),
        apply(upsert(versioned(memory("t1", 1, Scope.GLOBAL, null, null, "old"), 0), axis(1))),
        "versions survive too");
  }

  @Test
  void anAnsweredBatchIsOnDiskEvenIfTheProcessDiesRightAfter() throws IOException {
    apply(upsert(memory("t1", 1, Scope.GLOBAL, null, null, "durable"), axis(1)));
    // A copy of the directory while the store is still open is what a crash leaves behind.
    Path crashed = dir.resolve("crashed");
    Files.createDirectories(crashed);
    try (Stream<Path> files = Files.list(dir.resolve("index"))) {
      for (Path f : files.filter(f -> !f.getFileName().toString().equals("write.lock")).toList()) {
        Files.copy(f, crashed.resolve(f.getFileName()));
      }
    }
    try (IndexStore reopened = new LuceneIndexStore(crashed, MODEL, DIMENSIONS)) {
      assertEquals(List.of(1L), ids(reopened.keyword("durable", visible("t1", "bot1", null), 5)));
    }
  }

  @Test
  void commitsRecordTheEmbeddingModel() throws IOException {
    apply(upsert(memory("t1", 1, Scope.GLOBAL, null, null, "text"), axis(1)));
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
      old.add(new StringField(LuceneSchema.TENANT, "t1", Field.Store.YES));
      old.add(new StoredField(LuceneSchema.CONFIDENCE, 0.5));
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
    var doc = upsert(memory("t1", 1, Scope.GLOBAL, null, null, "reindexed"), axis(1));
    EngramException stale = assertThrows(EngramException.class, () -> apply(doc));
    assertEquals(RecallError.REINDEX_REQUIRED, stale.error());
    assertTrue(stale.getMessage().contains("index schema 1"), stale.getMessage());
    // What a reindex sends: the reset, then the documents (here in one batch).
    assertEquals(new ApplyResult(2, 0), apply(new IndexOperation.Reset("t1"), doc));
    assertEquals(List.of(1L), ids(store.keyword("reindexed", visible("t1", "bot1", null), 5)));
    store.close();
    store = createStore();
    assertEquals(1, store.count("t1"), "clean after a restart: the schema is the new one");
    assertEquals(false, store.health().data().get("reindex_required"));
  }

  @Test
  void anUnusableDirectoryIsReportedAndRecoveredFrom() throws IOException {
    Path blocked = dir.resolve("blocked");
    Files.writeString(blocked, "a file where the index directory should be");
    try (IndexStore broken = new LuceneIndexStore(blocked.resolve("index"), MODEL, DIMENSIONS)) {
      StoreHealth health = broken.health();
      assertFalse(health.up());
      assertTrue(health.reason().contains(blocked.toString()), health.reason());
      EngramException e =
          assertThrows(
              EngramException.class, () -> broken.apply(List.of(new IndexOperation.Reset("t1"))));
      assertEquals(RecallError.INDEX_UNAVAILABLE, e.error());
      assertThrows(EngramException.class, () -> broken.count("t1"));

      Files.delete(blocked);
      assertTrue(broken.health().up(), "reopened once the cause is gone");
      assertEquals(new ApplyResult(1, 0), broken.apply(List.of(new IndexOperation.Reset("t1"))));
    }
  }
}
