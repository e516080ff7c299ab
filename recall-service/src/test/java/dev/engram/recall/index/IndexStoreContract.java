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

import dev.engram.common.error.EngramException;
import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.contracts.index.Scope;
import dev.engram.contracts.index.Status;
import dev.engram.recall.RecallError;
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

  /** The same storage opened again by a service embedding with another model. */
  abstract IndexStore reopen(String modelId, int dimensions);

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
            42L,
            3L,
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
            null,
            null,
            "reflector",
            List.of(7L, 8L),
            Map.of("dia_id", "D1:3"),
            null);
    DocBuilder b = DocBuilder.from(doc).archived(Instant.parse("2026-05-08T11:59:00Z"));
    b.id = 43;
    b.speaker = "bob";
    b.role = "user";
    b.confidence = null;
    b.expiresAt = null;
    b.source = null;
    b.sourceExchangeIds = List.of();
    b.metadata = null;
    IndexDocument archived = b.build();
    apply(new IndexOperation.Upsert(doc, axis(0)), new IndexOperation.Upsert(archived, axis(0)));

    List<SearchHit> hits = store.dense(axis(0), visible("t1", "bot1", "telegram:1"), 5);
    assertEquals(1, hits.size());
    assertEquals(doc, hits.getFirst().document());
    assertEquals(1.0, hits.getFirst().score(), 1e-4, "dense score is the cosine");
    var withArchived =
        visible("t1", "bot1", "telegram:1")
            .withFilters(FiltersBuilder.filters(f -> f.includeArchived = true));
    assertEquals(
        Set.of(doc, archived),
        Set.copyOf(
            store.dense(axis(0), withArchived, 5).stream().map(SearchHit::document).toList()));
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
  void aModeSeesItsOwnAndUntaggedDocumentsOnly() {
    apply(
        upsert(memory("t1", 1, Scope.GLOBAL, null, null, "shared fact untagged"), axis(1)),
        upsert(
            DocBuilder.memory("t1", 2, "bot1", null, "shared fact at work").mode("work").build(),
            axis(1)),
        upsert(
            DocBuilder.memory("t1", 3, "bot1", "chat-a", "shared fact of the dragon")
                .mode("roleplay")
                .build(),
            axis(1)),
        upsert(
            DocBuilder.exchange("t1", 4, "bot1", "chat-a", "hello from the tavern")
                .mode("roleplay")
                .build(),
            axis(1)),
        upsert(exchange("t1", 5, "bot1", "chat-a", "hello untagged"), axis(1)));
    Visibility all = visible("t1", "bot1", "chat-a");
    assertVisible(Set.of(1L, 2L, 3L, 4L, 5L), all);
    assertVisible(Set.of(1L, 2L, 5L), all.withMode("work"));
    assertVisible(Set.of(1L, 3L, 4L, 5L), all.withMode("roleplay"));
    assertVisible(Set.of(1L, 5L), all.withMode("personal"));
    // narrowing keeps the mode
    Visibility workMemories =
        all.withMode("work")
            .withKinds(Set.of(DocKind.MEMORY))
            .withFilters(FiltersBuilder.filters(f -> f.includeArchived = true));
    assertVisible(Set.of(1L, 2L), workMemories);
    var keys = List.of(new DocKey(DocKind.MEMORY, 2), new DocKey(DocKind.MEMORY, 3));
    assertEquals(
        List.of(new DocKey(DocKind.MEMORY, 2)),
        store.get(keys, all.withMode("work")).stream().map(DocKey::of).toList());
    assertEquals(
        "roleplay",
        store.get(List.of(new DocKey(DocKind.MEMORY, 3)), all).getFirst().mode(),
        "the mode is stored and returned");
    assertEquals(
        Set.of(1L, 2L),
        Set.copyOf(
            store.byConfidence(workMemories, 10).documents().stream()
                .map(IndexDocument::id)
                .toList()));
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
    var onlyExchanges = Visibility.of("t1", "bot1", "chat-a", Set.of(DocKind.EXCHANGE), NOW);
    assertVisible(Set.of(10L), onlyExchanges);
    var onlyMemories = Visibility.of("t1", "bot1", "chat-a", Set.of(DocKind.MEMORY), NOW);
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
  void aDocumentThatExpiresBetweenTwoSearchesIsGoneFromTheSecond() {
    apply(
        upsert(memory("t1", 1, Scope.GLOBAL, null, null, "fact one"), axis(1)),
        upsert(
            with(
                memory("t1", 2, Scope.GLOBAL, null, null, "fact two"),
                Status.ACTIVE,
                NOW.plusSeconds(60)),
            axis(1)));
    var memories = Visibility.of("t1", "bot1", null, Set.of(DocKind.MEMORY), NOW);
    assertVisible(Set.of(1L, 2L), visible("t1", "bot1", null));
    assertEquals(2, store.byConfidence(memories, 10).total());
    // The same filter a minute later (what the Lucene store keeps per segment is not stale).
    Visibility later =
        Visibility.of("t1", "bot1", null, Set.of(DocKind.values()), NOW.plusSeconds(60));
    assertVisible(Set.of(1L, 2L), later);
    Visibility after =
        Visibility.of("t1", "bot1", null, Set.of(DocKind.values()), NOW.plusSeconds(61));
    assertVisible(Set.of(1L), after);
    Page page =
        store.byConfidence(
            Visibility.of("t1", "bot1", null, Set.of(DocKind.MEMORY), NOW.plusSeconds(61)), 10);
    assertEquals(List.of(1L), page.documents().stream().map(IndexDocument::id).toList());
    assertEquals(1, page.total());
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

  @Test
  void filtersNarrowBothSearches() {
    Instant t0 = NOW.minus(10, ChronoUnit.DAYS);
    apply(
        upsert(fact(1, "PROFILE", 0.9, t0, null), axis(1)),
        upsert(fact(2, "EVENT", 0.5, t0.plus(2, ChronoUnit.DAYS), null), axis(1)),
        upsert(fact(3, "DECISION", null, t0.plus(4, ChronoUnit.DAYS), "proj-x"), axis(1)),
        upsert(
            DocBuilder.exchange("t1", 4, "bot1", "chat-a", "fact said by bob")
                .speaker("bob")
                .created(t0.plus(6, ChronoUnit.DAYS))
                .thread("proj-x")
                .build(),
            axis(1)),
        upsert(
            DocBuilder.exchange("t1", 5, "bot1", "chat-a", "fact said by alice")
                .created(t0.plus(8, ChronoUnit.DAYS))
                .build(),
            axis(1)));
    assertFiltered(Set.of(1L, 3L), f -> f.categories = Set.of("PROFILE", "DECISION"));
    assertFiltered(
        Set.of(2L, 3L, 4L, 5L), f -> f.exceptCategories = Set.of("PROFILE")); // no category passes
    assertFiltered(Set.of(1L, 2L), f -> f.minConfidence = 0.5);
    assertFiltered(Set.of(1L), f -> f.minConfidence = 0.6);
    assertFiltered(Set.of(4L), f -> f.speakers = Set.of("bob"));
    assertFiltered(Set.of(3L, 4L), f -> f.thread = "proj-x");
    assertFiltered(
        Set.of(2L, 3L),
        f -> {
          f.createdFrom = t0.plus(2, ChronoUnit.DAYS); // inclusive
          f.createdTo = t0.plus(6, ChronoUnit.DAYS); // exclusive
        });
    assertFiltered(Set.of(4L, 5L), f -> f.createdFrom = t0.plus(5, ChronoUnit.DAYS));
  }

  @Test
  void asOfSeesArchivedAndSupersededMemoriesAsTheyWere() {
    Instant created = NOW.minus(30, ChronoUnit.DAYS);
    Instant asOf = NOW.minus(10, ChronoUnit.DAYS);
    apply(
        upsert(fact(1, "KNOWLEDGE", 0.8, created, null), axis(1)),
        upsert(
            DocBuilder.from(fact(2, "KNOWLEDGE", 0.8, created, null))
                .archived(asOf.plus(1, ChronoUnit.DAYS))
                .build(),
            axis(1)),
        upsert(
            DocBuilder.from(fact(3, "KNOWLEDGE", 0.8, created, null))
                .superseded(asOf.plus(1, ChronoUnit.DAYS))
                .build(),
            axis(1)),
        upsert(
            DocBuilder.from(fact(4, "KNOWLEDGE", 0.8, created, null))
                .archived(asOf.minus(1, ChronoUnit.DAYS))
                .build(),
            axis(1)),
        upsert(
            DocBuilder.from(fact(5, "KNOWLEDGE", 0.8, created, null))
                .superseded(asOf.minus(1, ChronoUnit.DAYS))
                .build(),
            axis(1)),
        upsert(fact(6, "KNOWLEDGE", 0.8, asOf.plus(1, ChronoUnit.DAYS), null), axis(1)));
    assertFiltered(Set.of(1L, 6L), f -> {});
    assertFiltered(Set.of(1L, 2L, 3L), f -> f.asOf = asOf);
    assertFiltered(Set.of(1L, 2L, 4L, 6L), f -> f.includeArchived = true);
    assertFiltered(
        Set.of(1L, 2L, 3L, 4L),
        f -> {
          f.asOf = asOf;
          f.includeArchived = true;
        });
  }

  @Test
  void getReturnsOnlyVisibleNamedDocuments() {
    apply(
        upsert(memory("t1", 1, Scope.GLOBAL, null, null, "one"), axis(1)),
        upsert(memory("t1", 2, Scope.AGENT, "bot2", null, "two"), axis(1)),
        upsert(exchange("t1", 1, "bot1", "chat-a", "an exchange"), axis(1)),
        upsert(memory("t2", 3, Scope.GLOBAL, null, null, "other tenant"), axis(1)));
    var keys =
        List.of(
            new DocKey(DocKind.MEMORY, 1),
            new DocKey(DocKind.MEMORY, 2),
            new DocKey(DocKind.EXCHANGE, 1),
            new DocKey(DocKind.MEMORY, 3),
            new DocKey(DocKind.MEMORY, 99));
    var found = store.get(keys, visible("t1", "bot1", "chat-a"));
    assertEquals(
        Set.of(new DocKey(DocKind.MEMORY, 1), new DocKey(DocKind.EXCHANGE, 1)),
        Set.copyOf(found.stream().map(DocKey::of).toList()));
    assertEquals(List.of(), store.get(List.of(), visible("t1", "bot1", "chat-a")));
  }

  @Test
  void byConfidenceListsHighestFirstWithTheTotal() {
    apply(
        upsert(fact(1, "KNOWLEDGE", 0.5, NOW.minusSeconds(30), null), axis(1)),
        upsert(fact(2, "KNOWLEDGE", 0.9, NOW.minusSeconds(20), null), axis(1)),
        upsert(fact(3, "KNOWLEDGE", 0.7, NOW.minusSeconds(10), null), axis(1)),
        upsert(fact(4, "PROFILE", 0.95, NOW.minusSeconds(5), null), axis(1)));
    var memories = Visibility.of("t1", "bot1", null, Set.of(DocKind.MEMORY), NOW);
    Page page =
        store.byConfidence(
            memories.withFilters(FiltersBuilder.filters(f -> f.categories = Set.of("KNOWLEDGE"))),
            2);
    assertEquals(List.of(2L, 3L), page.documents().stream().map(IndexDocument::id).toList());
    assertEquals(3, page.total());
  }

  @Test
  void anotherModelsVectorsAreNeverMixedIn() {
    apply(
        upsert(memory("t1", 1, Scope.GLOBAL, null, null, "old vectors"), axis(1)),
        upsert(memory("t2", 2, Scope.GLOBAL, null, null, "old vectors"), axis(1)));
    store = reopen("other-model", DIMENSIONS);
    var old =
        assertThrows(
            EngramException.class, () -> store.dense(axis(1), visible("t1", "b", null), 5));
    assertEquals(RecallError.REINDEX_REQUIRED, old.error());
    assertTrue(old.getMessage().contains("other-model"), old.getMessage());
    assertThrows(EngramException.class, () -> store.keyword("old", visible("t1", "b", null), 5));
    var mixing =
        assertThrows(
            EngramException.class,
            () -> apply(upsert(memory("t1", 3, Scope.GLOBAL, null, null, "new"), axis(2))));
    assertEquals(RecallError.REINDEX_REQUIRED, mixing.error());
    assertEquals(true, store.health().data().get("reindex_required"));
    assertEquals(
        List.of(), store.dense(axis(1), visible("t3", "b", null), 5), "other tenants work");

    // A reindex resets the tenant first: after that it is clean, the other one still is not.
    apply(
        new IndexOperation.Reset("t1"),
        upsert(memory("t1", 3, Scope.GLOBAL, null, null, "new vectors"), axis(2)));
    assertEquals(List.of(3L), ids(store.dense(axis(2), visible("t1", "b", null), 5)));
    assertThrows(EngramException.class, () -> store.dense(axis(1), visible("t2", "b", null), 5));
    apply(new IndexOperation.Reset("t2"));
    assertEquals(false, store.health().data().get("reindex_required"));
    assertEquals("other-model", store.health().data().get("index_model"));
  }

  @Test
  void aNewVectorLengthNeedsEveryTenantReset() {
    apply(
        upsert(memory("t1", 1, Scope.GLOBAL, null, null, "old vectors"), axis(1)),
        upsert(memory("t2", 2, Scope.GLOBAL, null, null, "old vectors"), axis(1)));
    store = reopen("longer-model", DIMENSIONS * 2);
    float[] longer = new float[DIMENSIONS * 2];
    longer[DIMENSIONS + 1] = 1f;
    var refused =
        assertThrows(
            EngramException.class,
            () ->
                store.apply(
                    List.of(
                        new IndexOperation.Reset("t1"),
                        upsert(memory("t1", 3, Scope.GLOBAL, null, null, "new"), longer))));
    assertTrue(refused.getMessage().contains("every tenant"), refused.getMessage());
    store.apply(
        List.of(
            new IndexOperation.Reset("t1"),
            new IndexOperation.Reset("t2"),
            upsert(memory("t1", 3, Scope.GLOBAL, null, null, "new"), longer)));
    assertEquals(List.of(3L), ids(store.dense(longer, visible("t1", "b", null), 5)));
    assertEquals("longer-model", store.health().data().get("index_model"));
  }

  @Test
  void anEmptyIndexAdoptsTheConfiguredModel() {
    apply(upsert(memory("t1", 1, Scope.GLOBAL, null, null, "soon gone"), axis(1)));
    apply(new IndexOperation.Reset("t1"));
    store = reopen("fresh-model", DIMENSIONS * 2);
    assertEquals(false, store.health().data().get("reindex_required"));
    assertEquals("fresh-model", store.health().data().get("index_model"));
    float[] longer = new float[DIMENSIONS * 2];
    longer[0] = 1f;
    apply(upsert(memory("t1", 2, Scope.GLOBAL, null, null, "new"), longer));
    assertEquals(List.of(2L), ids(store.dense(longer, visible("t1", "b", null), 5)));
  }

  // ---- helpers

  static IndexDocument fact(
      long id, String category, Double confidence, Instant created, String thread) {
    return DocBuilder.memory("t1", id, null, null, "fact number " + id)
        .category(category)
        .confidence(confidence)
        .created(created)
        .thread(thread)
        .build();
  }

  /** Dense and keyword search with these filters see exactly {@code expected} (text: "fact"). */
  void assertFiltered(Set<Long> expected, java.util.function.Consumer<FiltersBuilder> set) {
    Visibility v = visible("t1", "bot1", "chat-a").withFilters(FiltersBuilder.filters(set));
    assertEquals(expected, Set.copyOf(ids(store.dense(axis(1), v, 50))), "dense");
    assertEquals(expected, Set.copyOf(ids(store.keyword("fact", v, 50))), "keyword");
  }

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
