package dev.engram.recall.index;

import static dev.engram.recall.index.IndexStoreFixtures.NOW;
import static dev.engram.recall.index.IndexStoreFixtures.axis;
import static dev.engram.recall.index.IndexStoreFixtures.upsert;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.lucene.LuceneIndexStore;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Lucene store's confidence pages (the context's L0 and L1), which it keeps per segment: over
 * an index of several segments with ties in confidence and time, documents without confidence,
 * other agents' memories, documents expiring between two pages and deletions after a page was kept,
 * every page is the one sorting every visible document gives (confidence, newest, index order).
 */
class ConfidencePageTest {

  private static final List<Double> CONFIDENCES = List.of(0.5, 0.7, 0.9);
  private static final List<String> CATEGORIES = List.of("PROFILE", "KNOWLEDGE", "EVENT");

  @TempDir Path dir;

  private LuceneIndexStore store;

  /** Every document written, in index order (each batch is a new segment; none is rewritten). */
  private final List<IndexDocument> written = new ArrayList<>();

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void pagesKeptPerSegmentAreThePagesOfTheWholeIndex() {
    store = new LuceneIndexStore(dir.resolve("index"), "test-model", IndexStoreFixtures.DIMENSIONS);
    Random random = new Random(14);
    long id = 0;
    for (int batch = 0; batch < 6; batch++) {
      List<IndexOperation> operations = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        IndexDocument d = document(++id, random);
        written.add(d);
        operations.add(upsert(d, axis(1)));
      }
      store.apply(operations);
    }
    Instant later = NOW.plusSeconds(7200); // some documents have expired by then
    assertTrue(written.stream().anyMatch(d -> expired(d, later)), "the data has expiries");
    assertPagesAsSorted(NOW);
    assertPagesAsSorted(NOW); // the kept pages again
    assertPagesAsSorted(later);

    List<IndexOperation> deletes = new ArrayList<>();
    for (long gone = 3; gone <= id; gone += 7) {
      deletes.add(new IndexOperation.Delete("t1", DocKind.MEMORY, gone, null));
      long removed = gone;
      written.removeIf(d -> d.id() == removed);
    }
    store.apply(deletes);
    assertPagesAsSorted(NOW);
    assertPagesAsSorted(later);
  }

  private void assertPagesAsSorted(Instant now) {
    Visibility memories = Visibility.of("t1", "bot1", null, Set.of(DocKind.MEMORY), now);
    var profile = FiltersBuilder.filters(f -> f.categories = Set.of("PROFILE"));
    var others = FiltersBuilder.filters(f -> f.exceptCategories = Set.of("PROFILE"));
    for (int limit : List.of(1, 7, 50, 500)) {
      assertPage(memories, d -> true, now, limit);
      assertPage(memories.withFilters(profile), d -> "PROFILE".equals(d.category()), now, limit);
      assertPage(memories.withFilters(others), d -> !"PROFILE".equals(d.category()), now, limit);
    }
  }

  private void assertPage(Visibility v, Predicate<IndexDocument> filter, Instant now, int limit) {
    List<IndexDocument> expected =
        written.stream()
            .filter(d -> d.agent() == null || d.agent().equals("bot1"))
            .filter(d -> !expired(d, now))
            .filter(filter)
            .sorted( // a stable sort: equal documents stay in index order
                Comparator.comparingDouble(
                        (IndexDocument d) ->
                            d.confidence() == null ? Double.NEGATIVE_INFINITY : d.confidence())
                    .reversed()
                    .thenComparing(IndexDocument::createdAt, Comparator.reverseOrder()))
            .toList();
    Page page = store.byConfidence(v, limit);
    assertEquals(
        expected.subList(0, Math.min(limit, expected.size())).stream()
            .map(IndexDocument::id)
            .toList(),
        page.documents().stream().map(IndexDocument::id).toList(),
        "limit " + limit + " at " + now);
    assertEquals(expected.size(), page.total(), "total at " + now);
  }

  private static boolean expired(IndexDocument d, Instant now) {
    return d.expiresAt() != null && d.expiresAt().isBefore(now);
  }

  /** Few distinct values, so that documents tie within and across segments. */
  private static IndexDocument document(long id, Random random) {
    String agent = random.nextInt(5) == 0 ? "bot2" : random.nextBoolean() ? "bot1" : null;
    DocBuilder b =
        DocBuilder.memory("t1", id, agent, null, "memory " + id)
            .category(CATEGORIES.get(random.nextInt(CATEGORIES.size())))
            .confidence(
                random.nextInt(6) == 0 ? null : CONFIDENCES.get(random.nextInt(CONFIDENCES.size())))
            .created(NOW.minusSeconds(60L * random.nextInt(3)));
    if (random.nextInt(8) == 0) {
      b.expires(NOW.plusSeconds(3600));
    }
    return b.build();
  }
}
