package dev.engram.recall.index;

import static dev.engram.recall.index.IndexStoreFixtures.DIMENSIONS;
import static dev.engram.recall.index.IndexStoreFixtures.axis;
import static dev.engram.recall.index.IndexStoreFixtures.exchange;
import static dev.engram.recall.index.IndexStoreFixtures.memory;
import static dev.engram.recall.index.IndexStoreFixtures.upsert;
import static dev.engram.recall.index.IndexStoreFixtures.visible;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.Scope;
import dev.engram.recall.index.lucene.LuceneIndexStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chat's keyword scores depend on what the chat may see and on nothing else: documents written
 * into other tenants, other chats or other agents change neither the order nor the BM25 scores.
 */
class CrowdIndependenceTest {

  private static final String[] CHAT =
      new String[] {
        "alice: I drink green tea every morning",
        "bob: the tea shop near the station closed",
        "alice: we moved to Lisbon last spring",
        "bob: green is my favourite colour",
        "alice: coffee keeps me awake at night"
      };

  @TempDir Path dir;
  private final List<IndexStore> open = new ArrayList<>();

  @AfterEach
  void close() {
    open.forEach(IndexStore::close);
  }

  @Test
  void otherTenantsChatsAndAgentsDoNotChangeAChatsKeywordScores() {
    IndexStore store = store("shared");
    writeChat(store);
    Visibility chat = visible("t1", "bot1", "chat-a");
    List<String> before = scored(store.keyword("green tea morning", chat, 10));

    List<IndexOperation> crowd = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      // Every crowd document names "tea" (its document frequency soars elsewhere) and is longer
      // than the chat's turns (the average length moves too), in every place but the chat.
      String text = "tea tea and more tea with biscuits and a long story about the afternoon " + i;
      crowd.add(upsert(exchange("t2", 1_000 + i, "bot1", "chat-a", text), axis(i % DIMENSIONS)));
      crowd.add(upsert(exchange("t1", 2_000 + i, "bot1", "chat-b", text), axis(i % DIMENSIONS)));
      crowd.add(upsert(exchange("t1", 3_000 + i, "bot2", "chat-a", text), axis(i % DIMENSIONS)));
      crowd.add(upsert(memory("t1", 4_000 + i, Scope.CHAT, "bot1", "chat-b", text), axis(i % 16)));
    }
    store.apply(crowd);

    assertEquals(before, scored(store.keyword("green tea morning", chat, 10)));
    assertNotEquals(
        before,
        scored(store.keyword("green tea morning", visible("t1", "bot1", "chat-b"), 10)),
        "the crowd is searchable where it is visible, so the comparison above means something");
  }

  @Test
  void aChatScoresAsIfItWereAloneInTheIndex() {
    IndexStore alone = store("alone");
    writeChat(alone);
    IndexStore crowded = store("crowded");
    List<IndexOperation> crowd = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      crowd.add(
          upsert(exchange("t1", 5_000 + i, "bot1", "chat-z", "green green tea " + i), axis(3)));
    }
    crowded.apply(crowd);
    writeChat(crowded);

    Visibility chat = visible("t1", "bot1", "chat-a");
    for (String query : List.of("green tea", "Lisbon", "coffee at night", "the station")) {
      assertEquals(
          scored(alone.keyword(query, chat, 10)), scored(crowded.keyword(query, chat, 10)), query);
    }
  }

  @Test
  void aDeletedTurnLeavesTheChatsStatisticsAsIfItHadNeverBeenWritten() {
    IndexStore store = store("deleted");
    writeChat(store);
    Visibility chat = visible("t1", "bot1", "chat-a");
    List<String> before = scored(store.keyword("green tea", chat, 10)); // sets kept per segment
    store.apply(List.of(new IndexOperation.Delete("t1", DocKind.EXCHANGE, 4, 2L)));

    IndexStore never = store("never");
    List<IndexOperation> ops = new ArrayList<>();
    for (int i = 0; i < CHAT.length; i++) {
      if (i + 1 != 4) {
        ops.add(upsert(exchange("t1", i + 1, "bot1", "chat-a", CHAT[i]), axis(i)));
      }
    }
    never.apply(ops);
    List<String> after = scored(store.keyword("green tea", chat, 10));
    assertEquals(scored(never.keyword("green tea", chat, 10)), after);
    assertNotEquals(before, after);
  }

  private IndexStore store(String name) {
    IndexStore store = new LuceneIndexStore(dir.resolve(name), "test-model", DIMENSIONS);
    open.add(store);
    return store;
  }

  private static void writeChat(IndexStore store) {
    List<IndexOperation> ops = new ArrayList<>();
    for (int i = 0; i < CHAT.length; i++) {
      ops.add(upsert(exchange("t1", i + 1, "bot1", "chat-a", CHAT[i]), axis(i)));
    }
    store.apply(ops);
  }

  /** Ids with their scores, rounded to what float scoring can promise across two indexes. */
  private static List<String> scored(List<SearchHit> hits) {
    return hits.stream()
        .map(h -> h.document().id() + "=" + String.format("%.5f", h.score()))
        .toList();
  }
}
