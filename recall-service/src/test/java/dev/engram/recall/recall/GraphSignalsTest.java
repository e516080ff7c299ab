package dev.engram.recall.recall;

import static dev.engram.recall.recall.HybridRecallTest.DIMENSIONS;
import static dev.engram.recall.recall.HybridRecallTest.NOW;
import static dev.engram.recall.recall.HybridRecallTest.axis;
import static dev.engram.recall.recall.HybridRecallTest.days;
import static dev.engram.recall.recall.HybridRecallTest.doc;
import static dev.engram.recall.recall.HybridRecallTest.floor;
import static dev.engram.recall.recall.HybridRecallTest.ids;
import static dev.engram.recall.recall.HybridRecallTest.kinds;
import static dev.engram.recall.recall.HybridRecallTest.query;
import static dev.engram.recall.recall.HybridRecallTest.weights;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.DocBuilder;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.lucene.LuceneIndexStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The graph's expansion of the first fusion's best memories and the centrality prior: each test
 * shows an item or an order that changes when the signal is off, and that a graph that fails or
 * never answers costs the expansion only its signal.
 */
class GraphSignalsTest {

  static final String ASKED = "Alice cat";
  static final RecallSettings.Expansion FAST = new RecallSettings.Expansion(10, 1, 20, ms(100));

  @TempDir Path dir;
  IndexStore store;
  final List<GraphNeighbours.Query> asked = new CopyOnWriteArrayList<>();

  @BeforeEach
  void open() {
    store = new LuceneIndexStore(dir.resolve("index"), "fixed", DIMENSIONS);
    index(doc(1, "Alice adopted a cat", days(3)), axis(0));
    // shares neither words nor meaning with the query: only the graph knows it belongs
    index(doc(2, "the shelter's vaccination card", days(3)), axis(1));
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void theExpansionBringsTheNeighbourOfTheBestMemoryThatNoOtherListFinds() {
    GraphNeighbours graph = neighboursOf(1, new GraphNeighbours.Item(DocKind.MEMORY, 2, 0.9));
    var off = weights(Signal.SEMANTIC, 1.0, Signal.KEYWORD, 1.0);
    assertEquals(List.of(1L), ids(recall(off, graph, FAST)));
    assertTrue(asked.isEmpty(), "no expansion, no graph call");

    var on = weights(Signal.SEMANTIC, 1.0, Signal.KEYWORD, 1.0, Signal.EXPANSION, 1.0);
    RecallResult result = recall(on, graph, FAST);
    assertEquals(List.of(1L, 2L), ids(result));
    FusedHit two = result.hits().get(1);
    assertEquals(new FusedHit.SignalHit(1, 0.9), two.signals().get(Signal.EXPANSION));
    assertEquals(1, two.signals().size(), "found by the expansion alone");
    assertTrue(result.skipped().isEmpty());
    GraphNeighbours.Query q = asked.getFirst();
    assertEquals(List.of(1L), q.memoryIds(), "the best memories are the starting points");
    assertNull(q.text(), "the query's own entities are the graph signal's");
    assertEquals(1, q.maxHops());
    assertEquals(20, q.limit());
  }

  /** Issue 17: graph-service filters by mode only if recall tells it the recall's mode. */
  @Test
  void bothGraphCallsCarryTheRecallsMode() {
    GraphNeighbours graph = neighboursOf(1, new GraphNeighbours.Item(DocKind.MEMORY, 2, 0.9));
    var on =
        weights(
            Signal.SEMANTIC, 1.0, Signal.KEYWORD, 1.0, Signal.GRAPH, 1.0, Signal.EXPANSION, 1.0);
    recall(on, graph, new RecallQuery("t1", "bot1", null, null, ASKED, 10, kinds(), null, "work"));
    assertTrue(asked.stream().anyMatch(q -> q.text() != null), "the graph signal: " + asked);
    assertTrue(asked.stream().anyMatch(q -> !q.memoryIds().isEmpty()), "the expansion: " + asked);
    asked.forEach(q -> assertEquals("work", q.mode(), q.toString()));
    asked.clear();
    recall(on, graph, query(ASKED));
    assertFalse(asked.isEmpty());
    asked.forEach(q -> assertNull(q.mode(), "every mode: " + q));
  }

  @Test
  void exchangesAreNotStartingPointsSoNoCallIsMade() {
    index(DocBuilder.exchange("t1", 7, "bot1", "c1", "Alice cat").build(), axis(0));
    store.apply(List.of(new IndexOperation.Delete("t1", DocKind.MEMORY, 1, 2L)));
    GraphNeighbours graph = neighboursOf(7, new GraphNeighbours.Item(DocKind.MEMORY, 2, 0.9));
    var on = weights(Signal.KEYWORD, 1.0, Signal.EXPANSION, 1.0);
    var inChat = new RecallQuery("t1", "bot1", "c1", null, ASKED, 10, kinds(), null);
    RecallResult result = recall(on, graph, inChat);
    assertEquals(List.of(7L), ids(result));
    assertFalse(ids(result).contains(2L));
    assertTrue(asked.isEmpty());
    assertTrue(result.skipped().isEmpty());
  }

  @Test
  void aGraphThatNeverAnswersCostsOnlyTheExpansionsBudget() {
    GraphNeighbours silent =
        q -> {
          asked.add(q);
          return new CompletableFuture<>();
        };
    var on = weights(Signal.SEMANTIC, 1.0, Signal.KEYWORD, 1.0, Signal.EXPANSION, 1.0);
    long t = System.nanoTime();
    RecallResult result = recall(on, silent, FAST);
    long tookMs = (System.nanoTime() - t) / 1_000_000;
    assertEquals(List.of(1L), ids(result));
    assertEquals(1, asked.size());
    assertEquals(
        List.of(new SkippedSignal("expansion", "graph-service did not answer within 100 ms")),
        result.skipped());
    assertTrue(tookMs < 5_000, "waited " + tookMs + " ms");
  }

  @Test
  void aFailingGraphSkipsTheExpansionAndSaysWhy() {
    GraphNeighbours down =
        q ->
            CompletableFuture.failedFuture(
                new GraphNeighbours.Unavailable("unavailable", "graph-service answered 503"));
    var on = weights(Signal.SEMANTIC, 1.0, Signal.KEYWORD, 1.0, Signal.EXPANSION, 1.0);
    RecallResult result = recall(on, down, FAST);
    assertEquals(List.of(1L), ids(result));
    assertEquals(
        List.of(new SkippedSignal("expansion", "graph-service answered 503")), result.skipped());
  }

  @Test
  void centralityPutsTheItemOfTheMoreCentralEntityFirst() {
    index(doc(3, "the neighbour's garden", days(3)), axis(2));
    GraphNeighbours graph =
        q ->
            CompletableFuture.completedFuture(
                List.of(
                    new GraphNeighbours.Item(DocKind.MEMORY, 2, 0.9, 0.01),
                    new GraphNeighbours.Item(DocKind.MEMORY, 3, 0.8, 0.20)));
    var off = weights(Signal.GRAPH, 1.0);
    assertEquals(List.of(2L, 3L), ids(recall(off, graph, FAST)));
    var on = weights(Signal.GRAPH, 1.0, Signal.CENTRALITY, 2.0);
    RecallResult result = recall(on, graph, FAST);
    assertEquals(List.of(3L, 2L), ids(result));
    assertEquals(
        new FusedHit.SignalHit(1, 0.20), result.hits().getFirst().signals().get(Signal.CENTRALITY));
    // the prior alone still asks the graph: its list is made of the graph's items
    assertEquals(List.of(3L, 2L), ids(recall(weights(Signal.CENTRALITY, 1.0), graph, FAST)));
  }

  @Test
  void anEntityOfUnknownCentralityAddsNothing() {
    GraphNeighbours graph =
        q ->
            CompletableFuture.completedFuture(
                List.of(new GraphNeighbours.Item(DocKind.MEMORY, 2, 0.9, 0)));
    RecallResult result = recall(weights(Signal.CENTRALITY, 1.0), graph, FAST);
    assertTrue(result.hits().isEmpty(), "centrality 0 means not computed yet");
  }

  /** A graph that links {@code seed} to {@code items} and records what it was asked. */
  private GraphNeighbours neighboursOf(long seed, GraphNeighbours.Item... items) {
    return q -> {
      asked.add(q);
      return CompletableFuture.completedFuture(
          q.memoryIds().contains(seed) ? List.of(items) : List.of());
    };
  }

  private RecallResult recall(
      Map<Signal, Double> weights, GraphNeighbours graph, RecallSettings.Expansion expansion) {
    return recall(weights, graph, expansion, query(ASKED));
  }

  private RecallResult recall(Map<Signal, Double> weights, GraphNeighbours graph, RecallQuery q) {
    return recall(weights, graph, FAST, q);
  }

  private RecallResult recall(
      Map<Signal, Double> weights,
      GraphNeighbours graph,
      RecallSettings.Expansion expansion,
      RecallQuery q) {
    var settings = HybridRecallTest.settings(weights, floor(0.5)).withExpansion(expansion);
    return new HybridRecall(store, new TieRuleTest.Fixed(ASKED), graph, settings, (s, n) -> {})
        .recall(q, NOW);
  }

  private void index(IndexDocument d, float[] vector) {
    store.apply(List.of(new IndexOperation.Upsert(d, vector)));
  }

  private static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }
}
