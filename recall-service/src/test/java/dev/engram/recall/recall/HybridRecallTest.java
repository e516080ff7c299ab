package dev.engram.recall.recall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.embedding.Embedder;
import dev.engram.recall.index.DocBuilder;
import dev.engram.recall.index.Filters;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.lucene.LuceneIndexStore;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each signal of the engine, with hand-made vectors (so the expected neighbours are known) over a
 * real Lucene index: every test shows an order or an item that changes when the signal is off.
 */
class HybridRecallTest {

  static final int DIMENSIONS = 8;
  static final Instant NOW = Instant.parse("2026-05-08T12:00:00Z");

  @TempDir Path dir;
  IndexStore store;
  final Map<String, float[]> vectors = new HashMap<>();
  final Embedder embedder = new FixedEmbedder();
  final List<String> stages = new CopyOnWriteArrayList<>();

  @BeforeEach
  void open() {
    store = new LuceneIndexStore(dir.resolve("index"), "fixed", DIMENSIONS);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void recencyPutsTheNewerOfTwoSimilarItemsFirst() {
    index(doc(1, "the weekly team sync", days(40)), axis(0));
    index(doc(2, "the weekly team sync", days(1)), mix(0, 1, 0.05)); // a hair less similar
    vectors.put("team sync", axis(0));
    var off = weights(Signal.SEMANTIC, 1.0);
    assertEquals(List.of(1L, 2L), ids(recall(off, query("team sync"))));
    var on = weights(Signal.SEMANTIC, 1.0, Signal.RECENCY, 1.5);
    List<FusedHit> hits = recall(on, query("team sync")).hits();
    assertEquals(List.of(2L, 1L), ids(hits));
    var recency = hits.getFirst().signals().get(Signal.RECENCY);
    assertEquals(1, recency.rank());
    assertEquals(Math.pow(0.5, 1.0 / 30), recency.score(), 1e-3, "0.5^(age / half-life)");
  }

  @Test
  void theActiveThreadLiftsItsItem() {
    index(doc(1, "deploy notes", days(2)), axis(0));
    index(
        DocBuilder.from(doc(2, "deploy notes", days(2))).thread("proj-x").build(), mix(0, 1, 0.2));
    vectors.put("deploy", axis(0));
    var w = weights(Signal.SEMANTIC, 1.0, Signal.THREAD, 1.0);
    assertEquals(List.of(1L, 2L), ids(recall(w, query("deploy"))), "no active thread");
    var inThread = new RecallQuery("t1", "bot1", null, "proj-x", "deploy", 10, kinds(), null);
    RecallResult result = recall(w, inThread);
    assertEquals(List.of(2L, 1L), ids(result));
    assertEquals(1, result.hits().getFirst().signals().get(Signal.THREAD).rank());
    assertNull(result.hits().get(1).signals().get(Signal.THREAD));
  }

  @Test
  void graphItemsJoinWithSignalGraphAndOnlyIfVisible() {
    index(doc(1, "Alice adopted a cat", days(3)), axis(0));
    index(doc(2, "a note about the garden", days(3)), axis(1)); // found only by the graph
    index(
        DocBuilder.from(doc(3, "hidden", days(3)))
            .status(dev.engram.contracts.index.Status.ARCHIVED)
            .build(),
        axis(1));
    vectors.put("Where does Alice live?", axis(0));
    GraphNeighbours graph =
        q ->
            CompletableFuture.completedFuture(
                List.of(
                    new GraphNeighbours.Item(DocKind.MEMORY, 2, 0.9),
                    new GraphNeighbours.Item(DocKind.MEMORY, 3, 0.8),
                    new GraphNeighbours.Item(DocKind.MEMORY, 99, 0.7)));
    var w = weights(Signal.SEMANTIC, 1.0, Signal.GRAPH, 1.0);
    RecallResult result = engine(w, graph).recall(query("Where does Alice live?"), NOW);
    assertEquals(Set.of(1L, 2L), Set.copyOf(ids(result)));
    FusedHit two = result.hits().stream().filter(h -> h.document().id() == 2).findFirst().get();
    assertEquals(new FusedHit.SignalHit(1, 0.9), two.signals().get(Signal.GRAPH));
    assertTrue(result.skipped().isEmpty());
  }

  @Test
  void aFailingGraphIsSkippedAndSaidSo() {
    index(doc(1, "Alice adopted a cat", days(3)), axis(0));
    vectors.put("Alice", axis(0));
    GraphNeighbours down =
        q ->
            CompletableFuture.failedFuture(
                new GraphNeighbours.Unavailable("timeout", "graph-service did not answer"));
    List<String> skips = new CopyOnWriteArrayList<>();
    var engine =
        new HybridRecall(
            store,
            embedder,
            down,
            settings(weights(Signal.SEMANTIC, 1.0, Signal.GRAPH, 1.0), floor(0)),
            new HybridRecall.StageTimer() {
              @Override
              public void record(String stage, long nanos) {}

              @Override
              public void skipped(Signal signal, String kind) {
                skips.add(signal.wire() + ":" + kind);
              }
            });
    RecallResult result = engine.recall(query("Alice"), NOW);
    assertEquals(List.of(1L), ids(result), "the other signals still answer");
    assertEquals(
        List.of(new SkippedSignal("graph", "graph-service did not answer")), result.skipped());
    assertEquals(List.of("graph:timeout"), skips);
  }

  @Test
  void aProperNounOfTheQueryPullsInItemsThatNameIt() {
    index(doc(1, "Zorblax moved to Lisbon last year", days(3)), axis(3)); // far from the query
    index(doc(2, "zorblax is also a brand of soap", days(3)), axis(3)); // not verbatim
    index(doc(3, "holiday plans", days(3)), axis(0));
    vectors.put("Where does Zorblax live now?", axis(0));
    var without = weights(Signal.SEMANTIC, 1.0);
    var floor = floor(0.5);
    assertEquals(List.of(3L), ids(recall(without, floor, query("Where does Zorblax live now?"))));
    var with = weights(Signal.SEMANTIC, 1.0, Signal.ENTITY, 1.0);
    RecallResult result = recall(with, floor, query("Where does Zorblax live now?"));
    assertEquals(Set.of(1L, 3L), Set.copyOf(ids(result)));
    FusedHit one = result.hits().stream().filter(h -> h.document().id() == 1).findFirst().get();
    assertEquals(new FusedHit.SignalHit(1, 1.0), one.signals().get(Signal.ENTITY));
    assertFalse(one.signals().containsKey(Signal.SEMANTIC), "below the floor, pulled in anyway");
  }

  @Test
  void aNameOnEveryItemIsNotDistinctiveAndInjectsNothing() {
    for (int i = 1; i <= 55; i++) { // more than the 50 candidates: like a speaker prefix
      index(doc(i, "Caroline: note number " + i, days(3)), axis(3));
    }
    index(doc(100, "Caroline: the Quillon pottery class is on Friday", days(3)), axis(3));
    vectors.put("When is Caroline's Quillon class?", axis(0));
    var w = weights(Signal.ENTITY, 1.0);
    var result = recall(w, floor(0.5), query("When is Caroline's Quillon class?"));
    assertEquals(List.of(100L), ids(result), "only the rare name pulls items in");
    var common = recall(w, floor(0.5), query("What did Caroline say?"));
    assertEquals(List.of(), ids(common), "a name on every item is skipped");
  }

  @Test
  void theSemanticFloorLoosensWhenTheCorpusIsSmall() {
    index(doc(1, "a weakly related note", days(3)), mix(0, 1, 0.9)); // cosine ~0.11
    vectors.put("query", axis(0));
    var w = weights(Signal.SEMANTIC, 1.0);
    var floor = new SemanticFloor(0.3, 0.0, 2, 4);
    RecallResult small = recall(w, floor, query("query"));
    assertEquals(List.of(1L), ids(small), "one document: everything counts");
    assertEquals(0.0, small.semanticFloor());
    for (int i = 2; i <= 4; i++) {
      index(doc(i, "unrelated " + i, days(3)), axis(2));
    }
    RecallResult large = recall(w, floor, query("query"));
    assertEquals(List.of(), ids(large), "four documents: the full floor");
    assertEquals(0.3, large.semanticFloor());
  }

  @Test
  void filtersAndAsOfReachEverySignal() {
    Instant asOf = NOW.minus(10, ChronoUnit.DAYS);
    index(
        DocBuilder.from(doc(1, "Mallory was the team lead", days(30)))
            .superseded(asOf.plus(2, ChronoUnit.DAYS))
            .build(),
        axis(0));
    index(doc(2, "Mallory is the team lead now", days(8)), axis(0));
    vectors.put("Who is Mallory?", axis(0));
    var w =
        weights(Signal.SEMANTIC, 1.0, Signal.KEYWORD, 1.0, Signal.ENTITY, 1.0, Signal.RECENCY, 1.0);
    assertEquals(List.of(2L), ids(recall(w, query("Who is Mallory?"))));
    var past =
        new RecallQuery(
            "t1",
            "bot1",
            null,
            null,
            "Who is Mallory?",
            10,
            kinds(),
            new Filters(null, null, null, false, null, null, null, asOf, null));
    assertEquals(List.of(1L), ids(recall(w, past)), "as it was: created, not yet superseded");
  }

  // ---- helpers

  RecallResult recall(Map<Signal, Double> weights, RecallQuery q) {
    return recall(weights, floor(0), q);
  }

  RecallResult recall(Map<Signal, Double> weights, SemanticFloor floor, RecallQuery q) {
    return new HybridRecall(store, embedder, null, settings(weights, floor), (s, n) -> {})
        .recall(q, NOW);
  }

  HybridRecall engine(Map<Signal, Double> weights, GraphNeighbours graph) {
    return new HybridRecall(store, embedder, graph, settings(weights, floor(0)), (s, n) -> {});
  }

  /** The production settings with only {@code weights} on and {@code floor}. */
  static RecallSettings settings(Map<Signal, Double> weights, SemanticFloor floor) {
    return TestSettings.production().withWeights(weights).withFloor(floor);
  }

  static SemanticFloor floor(double min) {
    return new SemanticFloor(min, min, 1, 2);
  }

  static Map<Signal, Double> weights(Object... pairs) {
    Map<Signal, Double> w = new EnumMap<>(Signal.class);
    for (int i = 0; i < pairs.length; i += 2) {
      w.put((Signal) pairs[i], (Double) pairs[i + 1]);
    }
    return w;
  }

  static RecallQuery query(String text) {
    return new RecallQuery("t1", "bot1", null, null, text, 10, kinds(), null);
  }

  static Set<DocKind> kinds() {
    return Set.of(DocKind.values());
  }

  static Instant days(int ago) {
    return NOW.minus(ago, ChronoUnit.DAYS);
  }

  static IndexDocument doc(long id, String text, Instant created) {
    return DocBuilder.memory("t1", id, null, null, text).created(created).build();
  }

  void index(IndexDocument doc, float[] vector) {
    store.apply(List.of(new IndexOperation.Upsert(doc, vector)));
  }

  static List<Long> ids(RecallResult result) {
    return ids(result.hits());
  }

  static List<Long> ids(List<FusedHit> hits) {
    return hits.stream().map(h -> h.document().id()).toList();
  }

  static float[] axis(int i) {
    float[] v = new float[DIMENSIONS];
    v[i] = 1f;
    return v;
  }

  /** A unit vector between two axes: weight on {@code b}, 1 - weight on {@code a}. */
  static float[] mix(int a, int b, double weight) {
    float[] v = new float[DIMENSIONS];
    v[a] = (float) (1 - weight);
    v[b] = (float) weight;
    double norm = Math.sqrt(v[a] * v[a] + v[b] * v[b]);
    v[a] /= (float) norm;
    v[b] /= (float) norm;
    return v;
  }

  /** Vectors from the test's table; unknown texts point along the last axis. */
  private final class FixedEmbedder implements Embedder {
    @Override
    public String modelId() {
      return "fixed";
    }

    @Override
    public int dimensions() {
      return DIMENSIONS;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
      return texts.stream().map(t -> vectors.getOrDefault(t, axis(DIMENSIONS - 1))).toList();
    }
  }
}
