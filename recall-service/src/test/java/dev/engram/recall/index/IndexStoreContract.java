package dev.engram.recall.index;

import static dev.engram.recall.index.IndexStoreFixtures.DIMENSIONS;
import static dev.engram.recall.index.IndexStoreFixtures.NOW;
import static dev.engram.recall.index.IndexStoreFixtures.axis;
import static dev.engram.recall.index.IndexStoreFixtures.cosine;
import static dev.engram.recall.index.IndexStoreFixtures.exchange;
import static dev.engram.recall.index.IndexStoreFixtures.ids;
import static dev.engram.recall.index.IndexStoreFixtures.memory;
import static dev.engram.recall.index.IndexStoreFixtures.mix;
import static dev.engram.recall.index.IndexStoreFixtures.upsert;
import static dev.engram.recall.index.IndexStoreFixtures.versioned;
import static dev.engram.recall.index.IndexStoreFixtures.visible;
import static dev.engram.recall.index.IndexStoreFixtures.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link IndexStore} adapter must do, run against each of them (Lucene now, Qdrant
 * later). Vectors here are hand-made unit vectors along axes, so the expected neighbours are known
 * without a model.
 */
abstract class IndexStoreContract {

  IndexStore store;

  /** A new, empty store for vectors of {@link IndexStoreFixtures#DIMENSIONS} dimensions. */
  abstract IndexStore createStore();

  @BeforeEach
  void open() {
    store = createStore();
  }

  @AfterEach
  void closeStore() {
    store.close();
  }

  @Test
  void anUpsertedDocumentComesBackWithEveryField() {
    IndexDocument doc =
        new IndexDocument(
            "t1",
            DocKind.MEMORY,
            42,
            3,
            "bot1",
            "telegram:1",
            "proj-x",
            "s-9",
            Scope.CHAT,
            "KNOWLEDGE",
            Status.ACTIVE,
            null,
            null,
            "The deploy key rotates monthly",
            0.9,
            Instant.parse("2026-05-08T11:56:00.123456Z"),
            Instant.parse("2027-01-01T00:00:00Z"),
            Map.of("dia_id", "D1:3"));
    apply(new IndexOperation.Upsert(doc, axis(0)));

    List<SearchHit> hits = store.dense(axis(0), visible("t1", "bot1", "telegram:1"), 5);
    assertEquals(1, hits.size());
    assertEquals(doc, hits.getFirst().document());
    assertEquals(1.0, hits.getFirst().score(), 1e-4, "dense score is the cosine");
  }

  @Test
  void denseSearchRanksByCosine() {
    apply(
        upsert(memory("t1", 1, Scope.GLOBAL, null, null, "alpha"), axis(1)),
        upsert(memory("t1", 2, Scope.GLOBAL, null, null, "beta"), axis(2)),
        upsert(memory("t1", 3, Scope.GLOBAL, null, null, "gamma"), mix(1, 2, 0.8)));
    List<SearchHit> hits = store.dense(axis(2), visible("t1", "bot1", null), 10);
    assertEquals(List.of(2L, 3L, 1L), ids(hits));
    assertEquals(cosine(mix(1, 2, 0.8), axis(2)), hits.get(1).score(), 1e-3);
    assertEquals(2, store.dense(axis(2), visible("t1", "bot1", null), 2).size(), "limit holds");
  }

  @Test
  void keywordSearchIsBm25OverAnEnglishAnalyzer() {
    apply(
        upsert(memory("t1", 1, Scope.GLOBAL, null, null, "The runners were RUNNING late"), axis(1)),
        upsert(memory("t1", 2, Scope.GLOBAL, null, null, "Ticket QZX4471 is approved"), axis(2)),
        upsert(memory("t1", 3, Scope.GLOBAL, null, null, "QZX4471 QZX4471 deploy"), axis(3)));
    var v = visible("t1", "bot1", null);
    assertEquals(List.of(1L), ids(store.keyword("run", v, 10)), "stemmed, case-insensitive");
    assertEquals(List.of(3L, 2L), ids(store.keyword("qzx4471", v, 10)), "BM25: more hits first");
    assertTrue(store.keyword("qzx4471", v, 10).getFirst().score() > 0, "raw BM25 score");
    assertEquals(List.of(), store.keyword("the and of", v, 10), "stop words match nothing");
    assertEquals(List.of(), store.keyword("   ", v, 10));
  }

  @Test
  void memoriesAreVisibleByScope() {
    apply(
        upsert(memory("t1", 1, Scope.GLOBAL, null, null, "shared fact"), axis(1)),
        upsert(memory("t1", 2, Scope.AGENT, "bot1", null, "shared fact of bot1"), axis(1)),
        upsert(memory("t1", 3, Scope.AGENT, "bot2", null, "shared fact of bot2"), axis(1)),
        upsert(memory("t1", 4, Scope.CHAT, "bot1", "chat-a", "shared fact chat a"), axis(1)),
        upsert(memory("t1", 5, Scope.CHAT, "bot1", "chat-b", "shared fact chat b"), axis(1)),
        upsert(memory("t1", 6, Scope.CHAT, "bot2", "chat-a", "shared fact bot2 a"), axis(1)));
    assertVisible(Set.of(1L, 2L, 4L), visible("t1", "bot1", "chat-a"));
    assertVisible(Set.of(1L, 2L, 5L), visible("t1", "bot1", "chat-b"));
    assertVisible(Set.of(1L, 3L, 6L), visible("t1", "bot2", "chat-a"));
    assertVisible(Set.of(1L, 2L), visible("t1", "bot1", null));
    assertVisible(Set.of(1L), visible("t1", "bot9", "chat-a"));
  }

  @Test
  void exchangesAreVisibleOnlyInTheirChat() {
    apply(
        upsert(exchange("t1", 10, "bot1", "chat-a", "hello there"), axis(1)),
        upsert(exchange("t1", 11, "bot1", "chat-b", "hello again"), axis(1)),
        upsert(memory("t1", 12, Scope.GLOBAL, null, null, "hello memory"), axis(1)));
    assertVisible(Set.of(10L, 12L), visible("t1", "bot1", "chat-a"));
    assertVisible(Set.of(12L), visible("t1", "bot1", null));
    assertVisible(Set.of(12L), visible("t1", "bot2", "chat-a"));
    var onlyExchanges = new Visibility("t1", "bot1", "chat-a", Set.of(DocKind.EXCHANGE), NOW);
    assertVisible(Set.of(10L), onlyExchanges);
    var onlyMemories = new Visibility("t1", "bot1", "chat-a", Set.of(DocKind.MEMORY), NOW);
    assertVisible(Set.of(12L), onlyMemories);
  }

  @Test
  void tenantsNeverSeeEachOther() {
    apply(
        upsert(memory("t1", 1, Scope.GLOBAL, null, null, "secret plan of t1"), axis(1)),
        upsert(memory("t2", 1, Scope.GLOBAL, null, null, "secret plan of t2"), axis(1)));
    List<SearchHit> hits = store.keyword("secret plan", visible("t2", "bot1", null), 10);
    assertEquals(1, hits.size());
    assertEquals("t2", hits.getFirst().document().tenant());
    assertEquals(
        List.of("t2"),
        store.dense(axis(1), visible("t2", "bot1", null), 10).stream()
            .map(h -> h.document().tenant())
            .toList());
    assertEquals(List.of(), store.keyword("secret", visible("t3", "bot1", null), 10));
  }

  @Test
  void onlyActiveUnexpiredDocumentsAreVisible() {
    apply(
        upsert(memory("t1", 1, Scope.GLOBAL, null, null, "fact one"), axis(1)),
        upsert(
            with(memory("t1", 2, Scope.GLOBAL, null, null, "fact two"), Status.ARCHIVED, null),
            axis(1)),
        upsert(
            with(memory("t1", 3, Scope.GLOBAL, null, null, "fact three"), Status.SUPERSEDED, null),
            axis(1)),
        upsert(
            with(
                memory("t1", 4, Scope.GLOBAL, null, null, "fact four"),
                Status.ACTIVE,
                NOW.minusSeconds(1)),
            axis(1)),
        upsert(
            with(
                memory("t1", 5, Scope.GLOBAL, null, null, "fact five"),
                Status.ACTIVE,
                NOW.plus(1, ChronoUnit.DAYS)),
            axis(1)));
    assertVisible(Set.of(1L, 5L), visible("t1", "bot1", null));
  }

  @Test
  void anOlderVersionIsSkippedAndAnEqualOrNewerOneApplied() {
    apply(
        upsert(versioned(memory("t1", 7, Scope.GLOBAL, null, null, "version three"), 3), axis(1)));
    assertEquals(
        new ApplyResult(0, 1),
        apply(
            upsert(
                versioned(memory("t1", 7, Scope.GLOBAL, null, null, "version two"), 2), axis(1))));
    assertEquals(List.of("version three"), texts("t1"));
    assertEquals(
        new ApplyResult(1, 0),
        apply(
            upsert(
                versioned(memory("t1", 7, Scope.GLOBAL, null, null, "version three again"), 3),
                axis(1))));
    apply(upsert(versioned(memory("t1", 7, Scope.GLOBAL, null, null, "version four"), 4), axis(1)));
    assertEquals(List.of("version four"), texts("t1"));
    assertEquals(1, store.count("t1"), "replaced, not added");
  }

  @Test
  void deletesRemoveUnlessStaleAndAreIdempotent() {
    apply(
        upsert(versioned(memory("t1", 1, Scope.GLOBAL, null, null, "first"), 5), axis(1)),
        upsert(versioned(memory("t1", 2, Scope.GLOBAL, null, null, "second"), 1), axis(1)),
        upsert(exchange("t1", 1, "bot1", "chat-a", "an exchange with the same id"), axis(1)));
    assertEquals(
        new ApplyResult(0, 1),
        apply(new IndexOperation.Delete("t1", DocKind.MEMORY, 1, 4L)),
        "older than stored");
    assertEquals(
        new ApplyResult(2, 0),
        apply(
            new IndexOperation.Delete("t1", DocKind.MEMORY, 1, 6L),
            new IndexOperation.Delete("t1", DocKind.MEMORY, 2, null)));
    assertEquals(
        new ApplyResult(1, 0),
        apply(new IndexOperation.Delete("t1", DocKind.MEMORY, 1, 6L)),
        "absent: a no-op");
    assertEquals(List.of("an exchange with the same id"), texts("t1"), "kind is part of the id");
  }

  @Test
  void resetRemovesEveryDocumentOfOneTenantOnly() {
    apply(
        upsert(memory("t1", 1, Scope.GLOBAL, null, null, "one"), axis(1)),
        upsert(exchange("t1", 2, "bot1", "chat-a", "two"), axis(1)),
        upsert(memory("t2", 3, Scope.GLOBAL, null, null, "three"), axis(1)));
    assertEquals(new ApplyResult(1, 0), apply(new IndexOperation.Reset("t1")));
    assertEquals(0, store.count("t1"));
    assertEquals(1, store.count("t2"));
    assertEquals(new ApplyResult(1, 0), apply(new IndexOperation.Reset("t1")), "idempotent");
  }

  @Test
  void aBatchIsAppliedInOrder() {
    ApplyResult result =
        apply(
            upsert(versioned(memory("t1", 1, Scope.GLOBAL, null, null, "v5"), 5), axis(1)),
            upsert(versioned(memory("t1", 1, Scope.GLOBAL, null, null, "v4"), 4), axis(1)),
            upsert(memory("t1", 2, Scope.GLOBAL, null, null, "deleted later"), axis(1)),
            new IndexOperation.Delete("t1", DocKind.MEMORY, 2, null),
            upsert(memory("t2", 3, Scope.GLOBAL, null, null, "before the reset"), axis(1)),
            new IndexOperation.Reset("t2"),
            upsert(memory("t2", 4, Scope.GLOBAL, null, null, "after the reset"), axis(1)));
    assertEquals(new ApplyResult(6, 1), result);
    assertEquals(List.of("v5"), texts("t1"));
    assertEquals(List.of("after the reset"), texts("t2"));
  }

  @Test
  void aFailedBatchLeavesNothingBehind() {
    var good = upsert(memory("t1", 1, Scope.GLOBAL, null, null, "good"), axis(1));
    var bad = upsert(memory("t1", 2, Scope.GLOBAL, null, null, "bad"), new float[DIMENSIONS + 1]);
    assertThrows(RuntimeException.class, () -> store.apply(List.of(good, bad)));
    assertEquals(0, store.count("t1"));
    apply(good);
    assertEquals(1, store.count("t1"), "the store still works");
  }

  @Test
  void countsByKindAndTenant() {
    apply(
        upsert(memory("t1", 1, Scope.GLOBAL, null, null, "one"), axis(1)),
        upsert(memory("t2", 2, Scope.GLOBAL, null, null, "two"), axis(1)),
        upsert(exchange("t1", 3, "bot1", "chat-a", "three"), axis(1)));
    assertEquals(2, store.count(DocKind.MEMORY));
    assertEquals(1, store.count(DocKind.EXCHANGE));
    assertEquals(2, store.count("t1"));
  }

  @Test
  void isHealthyWhenOpen() {
    StoreHealth health = store.health();
    assertTrue(health.up(), String.valueOf(health.reason()));
  }

  // ---- helpers

  ApplyResult apply(IndexOperation... operations) {
    return store.apply(List.of(operations));
  }

  /** Both searches see exactly {@code expected}; every test text contains hello, shared or fact. */
  void assertVisible(Set<Long> expected, Visibility visibility) {
    assertEquals(expected, Set.copyOf(ids(store.dense(axis(1), visibility, 50))), "dense");
    assertEquals(
        expected, Set.copyOf(ids(store.keyword("hello shared fact", visibility, 50))), "keyword");
  }

  List<String> texts(String tenant) {
    return store.dense(axis(1), visible(tenant, "bot1", "chat-a"), 100).stream()
        .map(h -> h.document().text())
        .sorted()
        .toList();
  }
}
