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
import dev.engram.contracts.index.Scope;
import dev.engram.recall.RecallError;
import dev.engram.recall.index.lucene.LuceneIndexStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
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
  void aBadVectorIsA400AndNothingOfTheBatchIsWritten() {
    float[] nan = axis(1);
    nan[0] = Float.NaN;
    for (float[] bad : List.of(new float[DIMENSIONS + 1], nan, new float[DIMENSIONS])) {
      var e =
          assertThrows(
              EngramException.class,
              () ->
                  store.apply(
                      List.of(
                          upsert(memory("t1", 1, Scope.GLOBAL, null, null, "good"), axis(1)),
                          upsert(memory("t1", 2, Scope.GLOBAL, null, null, "bad"), bad))));
      assertEquals(RecallError.INVALID_VECTOR, e.error());
      assertEquals(400, e.error().definition().status());
      assertTrue(e.getMessage().contains("memory 2"), e.getMessage());
      assertEquals(0, store.count("t1"));
    }
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
