package dev.engram.recall.recall;

import static dev.engram.recall.recall.HybridRecallTest.DIMENSIONS;
import static dev.engram.recall.recall.HybridRecallTest.NOW;
import static dev.engram.recall.recall.HybridRecallTest.axis;
import static dev.engram.recall.recall.HybridRecallTest.kinds;
import static dev.engram.recall.recall.HybridRecallTest.mix;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pins what recall answers with the service's default configuration on a small fixture (memories, a
 * session of turns, a thread, a memory with its source turn, a dated item, a graph answer): the
 * items, their order and their fused scores. A change of the default ranking shows here first. The
 * graph list is off by default (weights.graph 0), so the graph's answer is never asked: since it
 * was switched off, the turn E11 stands for Alice's move with its memory M1 folded into it, where
 * the graph's vote put M1 first before.
 */
class DefaultRankingPinTest {

  static final Instant T = NOW.minus(3, ChronoUnit.DAYS);

  @TempDir Path dir;
  IndexStore store;

  @BeforeEach
  void open() {
    store = new LuceneIndexStore(dir.resolve("index"), "fixed", DIMENSIONS);
    index(memory(1, "Alice moved to Lisbon in May 2026", T, List.of(11L)), axis(0));
    index(
        memory(
            2,
            "Alice drinks green tea and never coffee",
            NOW.minus(40, ChronoUnit.DAYS),
            List.of()),
        mix(0, 1, 0.6));
    index(memory(3, "Bob runs the Quillon pottery class on Fridays", T, List.of()), axis(2));
    index(
        turn(10, "s-1", "Bob", "Where are you living these days?", T.minusSeconds(2)),
        mix(0, 3, 0.7));
    index(
        turn(11, "s-1", "Alice", "I moved to Lisbon last month", T.minusSeconds(1)),
        mix(0, 3, 0.3));
    index(turn(12, "s-1", "Bob", "Nice!", T), axis(4));
    index(
        turn(13, "s-2", "Alice", "The Quillon class was fun", NOW.minus(1, ChronoUnit.DAYS)),
        mix(2, 3, 0.2));
    IndexDocument threaded =
        DocBuilder.from(memory(4, "proj-x deploy notes mention Lisbon", T, List.of()))
            .thread("proj-x")
            .build();
    index(threaded, mix(0, 5, 0.5));
    index(memory(5, "the shelter's vaccination card", T, List.of()), axis(6));
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void whereDoesAliceLive() {
    assertEquals(
        String.join(
            "\n",
            "E11=0.23435544441755618[semantic:1,keyword:3,recency:7,entity:1,seed-neighbour:3,time:1]",
            "E13=0.216579452293738[semantic:6,keyword:3,recency:1,entity:1,time:1]",
            "E10=0.19229271835584125[semantic:4,keyword:2,recency:7,seed-neighbour:1,time:1]",
            "M2=0.17467432950191572[semantic:5,keyword:3,recency:9,entity:1]",
            "M4=0.11643744454303459[semantic:3,recency:2,thread:1,time:1]",
            "E12=0.09649185255497547[semantic:7,recency:2,seed-neighbour:1,time:1]",
            "M3=0.08486394557823129[semantic:7,recency:2,time:1]",
            "M5=0.08486394557823129[semantic:7,recency:2,time:1]"),
        pinned(recall("Where does Alice live since May 2026?", "proj-x")));
  }

  @Test
  void theQuillonClass() {
    assertEquals(
        String.join(
            "\n",
            "M3=0.1988095238095238[semantic:1,keyword:1,recency:2,entity:1]",
            "E13=0.1893657067570111[semantic:2,keyword:2,recency:1,entity:2]",
            "E10=0.18400551926916403[semantic:7,keyword:3,recency:7,entity:2,seed-neighbour:2]",
            "E12=0.18311680759097868[semantic:8,keyword:3,recency:2,entity:2,seed-neighbour:2]",
            "E11=0.06084415584415584[semantic:4,recency:7,seed-neighbour:1]",
            "M4=0.04833333333333333[semantic:5,recency:2]",
            "M2=0.045358090185676395[semantic:6,recency:9]",
            "M5=0.043421052631578944[semantic:8,recency:2]"),
        pinned(recall("When is Bob's Quillon class?", null)));
  }

  private RecallResult recall(String text, String thread) {
    Embedder embedder =
        new Embedder() {
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
            return texts.stream()
                .map(t -> t.contains("Quillon") ? mix(2, 0, 0.1) : mix(0, 3, 0.2))
                .toList();
          }
        };
    GraphNeighbours graph =
        q ->
            CompletableFuture.completedFuture(
                List.of(
                    new GraphNeighbours.Item(DocKind.MEMORY, 5, 0.9),
                    new GraphNeighbours.Item(DocKind.MEMORY, 1, 0.7)));
    return new HybridRecall(store, embedder, graph, defaults(), (s, n) -> {})
        .recall(new RecallQuery("t1", "bot1", "c1", thread, text, 10, kinds(), null), NOW);
  }

  /** The service's defaults (RecallConfig) with a model floor of 0.3. */
  static RecallSettings defaults() {
    return TestSettings.production();
  }

  private static String pinned(RecallResult r) {
    return r.hits().stream()
        .map(
            h ->
                h.document().kind().name().charAt(0)
                    + ""
                    + h.document().id()
                    + "="
                    + h.score()
                    + h.signals().entrySet().stream()
                        .map(e -> e.getKey().wire() + ":" + e.getValue().rank())
                        .collect(Collectors.joining(",", "[", "]")))
        .collect(Collectors.joining("\n"));
  }

  private static IndexDocument memory(long id, String text, Instant at, List<Long> sources) {
    DocBuilder b = DocBuilder.memory("t1", id, "bot1", "c1", text);
    b.createdAt = at;
    b.sourceExchangeIds = sources;
    return b.build();
  }

  private static IndexDocument turn(
      long id, String session, String speaker, String text, Instant at) {
    DocBuilder b = DocBuilder.exchange("t1", id, "bot1", "c1", speaker + ": " + text);
    b.session = session;
    b.speaker = speaker;
    b.role = "user";
    b.createdAt = at;
    return b.build();
  }

  private void index(IndexDocument doc, float[] vector) {
    store.apply(List.of(new IndexOperation.Upsert(doc, vector)));
  }
}
