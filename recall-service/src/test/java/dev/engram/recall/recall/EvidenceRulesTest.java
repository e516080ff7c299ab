package dev.engram.recall.recall;

import static dev.engram.recall.recall.HybridRecallTest.DIMENSIONS;
import static dev.engram.recall.recall.HybridRecallTest.NOW;
import static dev.engram.recall.recall.HybridRecallTest.axis;
import static dev.engram.recall.recall.HybridRecallTest.floor;
import static dev.engram.recall.recall.HybridRecallTest.ids;
import static dev.engram.recall.recall.HybridRecallTest.kinds;
import static dev.engram.recall.recall.HybridRecallTest.mix;
import static dev.engram.recall.recall.HybridRecallTest.settings;
import static dev.engram.recall.recall.HybridRecallTest.weights;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.DocBuilder;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.lucene.LuceneIndexStore;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The second round's evidence rules (issue 14), each shown changing an order or an answer when it
 * is on and leaving it as it was when it is off: seeds that inherit part of a neighbour's score, a
 * memory folded with its own source exchange, and the speaker a question names.
 */
class EvidenceRulesTest {

  static final Instant T = NOW.minus(3, ChronoUnit.DAYS);
  static final String QUERY = "What did Caroline paint last week?";

  @TempDir Path dir;
  IndexStore store;

  @BeforeEach
  void open() {
    store = new LuceneIndexStore(dir.resolve("index"), "fixed", DIMENSIONS);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void aWeakSeedNextToAStrongOneGetsPartOfTheNeighbourLift() {
    index(turn(1, "s-1", "Melanie", T), axis(0)); // the best match
    index(turn(2, "s-1", "Caroline", T.plusSeconds(1)), mix(0, 1, 0.9)); // its reply, weak
    index(turn(3, "s-3", "Melanie", T), mix(0, 2, 0.5)); // alone in their sessions
    index(turn(4, "s-4", "Melanie", T), mix(0, 2, 0.6));
    var off = weights(Signal.SEMANTIC, 1.0, Signal.NEIGHBOUR, 1.0);
    assertEquals(List.of(1L, 3L, 4L, 2L), ids(recall(off, false, QUERY)));
    var on = weights(Signal.SEMANTIC, 1.0, Signal.NEIGHBOUR, 1.0, Signal.SEED_NEIGHBOUR, 0.5);
    RecallResult result = recall(on, false, QUERY);
    assertEquals(List.of(1L, 2L, 3L, 4L), ids(result), "the reply rides on the turn it answers");
    assertEquals(
        1, result.hits().get(1).signals().get(Signal.SEED_NEIGHBOUR).rank(), "next to the best");
    assertEquals(
        2, result.hits().get(0).signals().get(Signal.SEED_NEIGHBOUR).rank(), "next to a weak one");
  }

  @Test
  void aMemoryAndItsOwnSourceExchangeTakeOnePlace() {
    index(memory(50, List.of(1L)), axis(0));
    index(turn(1, "s-1", "Caroline", T), mix(0, 1, 0.2));
    index(turn(2, "s-2", "Caroline", T), mix(0, 1, 0.4));
    var w = weights(Signal.SEMANTIC, 1.0);
    assertEquals(List.of(50L, 1L), ids(recall(w, false, QUERY, 2)));
    var fold = true;
    assertEquals(List.of(50L, 2L), ids(recall(w, fold, QUERY, 2)), "the exchange gave its place");
  }

  @Test
  void aMemoryBelowEveryExchangeItWasMadeFromGivesItsPlace() {
    index(turn(1, "s-1", "Caroline", T), axis(0));
    index(memory(50, List.of(1L)), mix(0, 1, 0.2)); // made from turn 1 alone
    index(memory(51, List.of(1L, 3L)), mix(0, 1, 0.3)); // also from turn 3, not above it
    index(turn(2, "s-2", "Caroline", T), mix(0, 1, 0.4));
    var w = weights(Signal.SEMANTIC, 1.0);
    assertEquals(List.of(1L, 50L, 51L), ids(recall(w, false, QUERY, 3)));
    var fold = true;
    assertEquals(List.of(1L, 51L, 2L), ids(recall(w, fold, QUERY, 3)));
  }

  @Test
  void theSpeakerTheQuestionNamesLiftsWhatTheySaidAndWhatNamesThem() {
    index(turn(1, "s-1", "Melanie", T), axis(0));
    index(turn(2, "s-2", "Melanie", T), mix(0, 1, 0.1));
    index(turn(3, "s-3", "Caroline", T), mix(0, 1, 0.2));
    index(note(60, "Caroline painted a lake at sunrise."), mix(0, 1, 0.3));
    var off = weights(Signal.SEMANTIC, 1.0);
    assertEquals(List.of(1L, 2L, 3L, 60L), ids(recall(off, false, QUERY)));
    var on = weights(Signal.SEMANTIC, 1.0, Signal.SPEAKER, 1.0);
    assertEquals(List.of(3L, 60L, 1L, 2L), ids(recall(on, false, QUERY)));
    assertEquals(
        List.of(1L, 2L, 3L, 60L),
        ids(recall(on, false, "what did caroline paint last week?")),
        "a name written in lower case is a word, not a speaker named");
  }

  @Test
  void theBestItemsWordsBringInATurnThatSharesNoneWithTheQuestion() {
    index(
        turn(1, "s-1", "Caroline", T, "I started a pottery class at the community workshop"),
        axis(1));
    index(
        turn(2, "s-2", "Caroline", T, "The workshop teacher fires everything in a kiln"), axis(1));
    index(turn(3, "s-3", "Melanie", T, "Gardening tips for the spring"), axis(1));
    var off = weights(Signal.KEYWORD, 1.0);
    String q = "Which pottery class?";
    assertEquals(List.of(1L), ids(recall(off, false, q)));
    var on = weights(Signal.KEYWORD, 1.0, Signal.FEEDBACK, 1.0);
    RecallResult result = recall(on, false, q);
    assertEquals(List.of(1L, 2L), ids(result), "the workshop, named by the best turn, brings 2");
    assertEquals(2, result.hits().get(1).signals().get(Signal.FEEDBACK).rank());
  }

  // ---- helpers

  private RecallResult recall(Map<Signal, Double> w, boolean foldSources, String text) {
    return recall(w, foldSources, text, 10);
  }

  private RecallResult recall(Map<Signal, Double> w, boolean foldSources, String text, int k) {
    RecallSettings s = settings(w, floor(0)).withFoldSources(foldSources);
    return new HybridRecall(store, new TieRuleTest.Fixed(text), null, s, (st, n) -> {})
        .recall(new RecallQuery("t1", "bot1", "c1", null, text, k, kinds(), null), NOW);
  }

  private static IndexDocument turn(long id, String session, String speaker, Instant at) {
    return turn(id, session, speaker, at, "turn " + id);
  }

  private static IndexDocument turn(
      long id, String session, String speaker, Instant at, String text) {
    DocBuilder b = DocBuilder.exchange("t1", id, "bot1", "c1", speaker + ": " + text);
    b.session = session;
    b.speaker = speaker;
    b.createdAt = at;
    return b.build();
  }

  private static IndexDocument memory(long id, List<Long> sources) {
    DocBuilder b = DocBuilder.memory("t1", id, "bot1", "c1", "a memory " + id);
    b.sourceExchangeIds = sources;
    b.createdAt = T;
    return b.build();
  }

  private static IndexDocument note(long id, String text) {
    DocBuilder b = DocBuilder.memory("t1", id, "bot1", "c1", text);
    b.createdAt = T;
    return b.build();
  }

  private void index(IndexDocument doc, float[] vector) {
    store.apply(List.of(new IndexOperation.Upsert(doc, vector)));
  }
}
