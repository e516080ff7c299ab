package dev.engram.recall.recall;

import static dev.engram.recall.recall.HybridRecallTest.DIMENSIONS;
import static dev.engram.recall.recall.HybridRecallTest.NOW;
import static dev.engram.recall.recall.HybridRecallTest.axis;
import static dev.engram.recall.recall.HybridRecallTest.floor;
import static dev.engram.recall.recall.HybridRecallTest.ids;
import static dev.engram.recall.recall.HybridRecallTest.kinds;
import static dev.engram.recall.recall.HybridRecallTest.settings;
import static dev.engram.recall.recall.HybridRecallTest.weights;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.embedding.Embedder;
import dev.engram.recall.index.DocBuilder;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.lucene.LuceneIndexStore;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * No signal invents an order: items a signal scores alike (same text, vector, time, session, graph
 * score) come out in the same fused order and share the signal's rank, whatever order they reached
 * the index (or the graph's answer) in. Run for every signal, each on its own (recency, session,
 * neighbour, speaker, feedback and expansion need another list to seed or reorder, so keyword comes
 * along; expansion starts from a memory of the class, centrality's items are all reached from one
 * entity).
 */
class TieRuleTest {

  static final Instant T = NOW.minus(3, ChronoUnit.DAYS);
  static final String QUERY = "When is the Quillon pottery class in May 2026?";
  static final List<Long> ARRIVAL = List.of(1L, 2L, 3L, 11L, 12L, 13L);
  static final List<Long> SHUFFLED = List.of(13L, 3L, 11L, 1L, 12L, 2L);

  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(Signal.class)
  void tiedItemsShareARankAndTheirOrderDoesNotDependOnArrival(Signal signal) {
    tiesHold(signal, false);
  }

  /** With memories folded with their own source exchanges, too. */
  @ParameterizedTest
  @EnumSource(Signal.class)
  void tiesHoldWithTheSecondRoundRules(Signal signal) {
    tiesHold(signal, true);
  }

  private void tiesHold(Signal signal, boolean foldSources) {
    RecallResult a = recall(signal, ARRIVAL, "a", foldSources);
    RecallResult b = recall(signal, SHUFFLED, "b", foldSources);
    assertFalse(a.hits().isEmpty(), signal + " found nothing: the test would not test it");
    assertTrue(
        a.hits().stream().anyMatch(h -> h.signals().containsKey(signal)), signal + " took part");
    assertEquals(ids(a), ids(b), signal + " ordered tied items by arrival");
    for (RecallResult r : List.of(a, b)) {
      assertTrue(ranks(r, signal, List.of(1L, 2L, 3L)).size() <= 1, "the matching turns tie");
      assertTrue(ranks(r, signal, List.of(11L, 12L, 13L)).size() <= 1, "the replies tie");
    }
  }

  @Test
  void itemsWrittenInOneGoTieForRecency() {
    IndexStore store = new LuceneIndexStore(dir.resolve("ms"), "fixed", DIMENSIONS);
    try (store) {
      for (int i = 1; i <= 3; i++) { // milliseconds apart, newest first in arrival order
        index(store, turn(i, "the Quillon pottery class", T.plusMillis(10 - i)));
      }
      var w = weights(Signal.KEYWORD, 1.0, Signal.RECENCY, 1.0);
      RecallResult r = engine(store, w, null, false).recall(query(), NOW);
      assertEquals(List.of(1L, 2L, 3L), ids(r), "newest first only as the last tie-break");
      assertEquals(1, ranks(r, Signal.RECENCY, List.of(1L, 2L, 3L)).size());
    }
  }

  private RecallResult recall(Signal signal, List<Long> arrival, String name, boolean foldSources) {
    IndexStore store = new LuceneIndexStore(dir.resolve(name), "fixed", DIMENSIONS);
    try (store) {
      for (long id : arrival) {
        index(store, id < 10 ? turn(id, "Quillon pottery class on Friday", T) : reply(id));
      }
      if (signal == Signal.EXPANSION) { // the seed whose graph neighbours are the turns
        DocBuilder m = DocBuilder.memory("t1", 50, "bot1", "c1", "Quillon pottery class in May");
        m.createdAt = T;
        index(store, m.build());
      }
      GraphNeighbours graph =
          q ->
              CompletableFuture.completedFuture(
                  arrival.stream()
                      .map(id -> new GraphNeighbours.Item(DocKind.EXCHANGE, id, 0.5, 0.3))
                      .toList());
      return engine(store, weightsFor(signal), graph, foldSources).recall(query(), NOW);
    }
  }

  private static Map<Signal, Double> weightsFor(Signal signal) {
    return switch (signal) {
      case RECENCY, SESSION, NEIGHBOUR, TIME, EXPANSION, SPEAKER, FEEDBACK ->
          weights(Signal.KEYWORD, 1.0, signal, 1.0);
      // the replies must be seeds too: the semantic list finds them (far, but above floor 0)
      case SEED_NEIGHBOUR -> weights(Signal.SEMANTIC, 1.0, Signal.KEYWORD, 1.0, signal, 1.0);
      default -> weights(signal, 1.0);
    };
  }

  private static HybridRecall engine(
      IndexStore store, Map<Signal, Double> weights, GraphNeighbours graph, boolean foldSources) {
    RecallSettings s = settings(weights, floor(0)).withFoldSources(foldSources);
    return new HybridRecall(store, new Fixed(QUERY), graph, s, (x, n) -> {}, Runnable::run);
  }

  private static RecallQuery query() {
    return new RecallQuery("t1", "bot1", "c1", "proj-x", QUERY, 10, kinds(), null);
  }

  /** The ranks {@code signal} gave to {@code ids} (those it found). */
  private static Set<Integer> ranks(RecallResult r, Signal signal, List<Long> ids) {
    return r.hits().stream()
        .filter(h -> ids.contains(h.document().id()) && h.signals().containsKey(signal))
        .map(h -> h.signals().get(signal).rank())
        .collect(Collectors.toSet());
  }

  private static IndexDocument turn(long id, String text, Instant at) {
    DocBuilder b = DocBuilder.exchange("t1", id, "bot1", "c1", text);
    b.thread = "proj-x";
    b.speaker = "Quillon"; // the query names the speaker, for the speaker list
    b.createdAt = at;
    return b.build();
  }

  /** A short reply, a second after the turns it answers. */
  private static IndexDocument reply(long id) {
    return turn(id, "Yes, see you there!", T.plusSeconds(1));
  }

  private static void index(IndexStore store, IndexDocument doc) {
    float[] v = doc.text().startsWith("Yes") ? axis(5) : axis(0);
    store.apply(List.of(new IndexOperation.Upsert(doc, v)));
  }

  /** The query points along the first axis (the turns'); anything else along the last. */
  static final class Fixed implements Embedder {
    private final String query;

    Fixed(String query) {
      this.query = query;
    }

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
      List<float[]> out = new ArrayList<>();
      texts.forEach(t -> out.add(query.equals(t) ? axis(0) : axis(DIMENSIONS - 1)));
      return out;
    }
  }
}
