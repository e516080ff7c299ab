package dev.engram.recall.recall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.DocBuilder;
import dev.engram.recall.index.SearchHit;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReciprocalRankFusionTest {

  private final ReciprocalRankFusion fusion =
      new ReciprocalRankFusion(60, Map.of(Signal.SEMANTIC, 1.0, Signal.KEYWORD, 1.0));

  @Test
  void scoresAreTheSumOfWeightedReciprocalRanks() {
    List<FusedHit> fused =
        fusion.fuse(
            Map.of(
                Signal.SEMANTIC, List.of(hit(1, 0.9), hit(2, 0.8)),
                Signal.KEYWORD, List.of(hit(2, 7.5), hit(3, 2.0))),
            10);
    assertEquals(List.of(2L, 1L, 3L), fused.stream().map(h -> h.document().id()).toList());
    assertEquals(1.0 / 62 + 1.0 / 61, fused.get(0).score(), 1e-12);
    assertEquals(1.0 / 61, fused.get(1).score(), 1e-12);
    assertEquals(
        Map.of(
            Signal.SEMANTIC, new FusedHit.SignalHit(2, 0.8),
            Signal.KEYWORD, new FusedHit.SignalHit(1, 7.5)),
        fused.get(0).signals());
    assertEquals(Map.of(Signal.KEYWORD, new FusedHit.SignalHit(2, 2.0)), fused.get(2).signals());
  }

  @Test
  void weightsAndKShapeTheOrder() {
    var keywordHeavy =
        new ReciprocalRankFusion(1, Map.of(Signal.SEMANTIC, 1.0, Signal.KEYWORD, 3.0));
    List<FusedHit> fused =
        keywordHeavy.fuse(
            Map.of(
                Signal.SEMANTIC, List.of(hit(1, 0.9), hit(2, 0.5)),
                Signal.KEYWORD, List.of(hit(2, 1.0))),
            10);
    assertEquals(List.of(2L, 1L), fused.stream().map(h -> h.document().id()).toList());
    assertEquals(1.0 / 3 + 3.0 / 2, fused.getFirst().score(), 1e-12);
  }

  @Test
  void aSignalWithWeightZeroIsIgnored() {
    var semanticOnly =
        new ReciprocalRankFusion(60, Map.of(Signal.SEMANTIC, 1.0, Signal.KEYWORD, 0.0));
    List<FusedHit> fused =
        semanticOnly.fuse(
            Map.of(Signal.SEMANTIC, List.of(hit(1, 0.9)), Signal.KEYWORD, List.of(hit(2, 5.0))),
            10);
    assertEquals(List.of(1L), fused.stream().map(h -> h.document().id()).toList());
  }

  @Test
  void returnsAtMostTheLimit() {
    List<FusedHit> fused =
        fusion.fuse(Map.of(Signal.SEMANTIC, List.of(hit(1, 0.9), hit(2, 0.8), hit(3, 0.7))), 2);
    assertEquals(List.of(1L, 2L), fused.stream().map(h -> h.document().id()).toList());
  }

  @Test
  void aMemoryAndAnExchangeWithTheSameIdStayApart() {
    SearchHit memory = hit(5, 0.9);
    SearchHit exchange = new SearchHit(doc(5, DocKind.EXCHANGE), 0.8);
    assertEquals(2, fusion.fuse(Map.of(Signal.SEMANTIC, List.of(memory, exchange)), 10).size());
  }

  @Test
  void tiedItemsShareTheirGroupsRankWhateverTheArrivalOrder() {
    var one =
        fusion.fuse(Map.of(Signal.KEYWORD, List.of(hit(9, 3.0), hit(1, 2.0), hit(2, 2.0))), 10);
    var two =
        fusion.fuse(Map.of(Signal.KEYWORD, List.of(hit(9, 3.0), hit(2, 2.0), hit(1, 2.0))), 10);
    assertEquals(List.of(9L, 1L, 2L), one.stream().map(h -> h.document().id()).toList());
    assertEquals(one, two);
    assertEquals(2, one.get(1).signals().get(Signal.KEYWORD).rank(), "the group's first place");
    assertEquals(2, one.get(2).signals().get(Signal.KEYWORD).rank());
    assertEquals(1.0 / 62.5, one.get(1).score(), 1e-12, "fused at the group's mean place");
    assertEquals(1.0 / 61 + 2.0 / 62.5, one.stream().mapToDouble(FusedHit::score).sum(), 1e-12);
  }

  @Test
  void aListThatScoresEveryCandidateAlikeCarriesNoWeight() {
    var withRecency =
        new ReciprocalRankFusion(60, Map.of(Signal.SEMANTIC, 1.0, Signal.RECENCY, 5.0));
    List<FusedHit> fused =
        withRecency.fuse(
            Map.of(
                Signal.SEMANTIC, List.of(hit(1, 0.9), hit(2, 0.8)),
                Signal.RECENCY, List.of(hit(2, 1.0), hit(1, 1.0))),
            10);
    assertEquals(List.of(1L, 2L), fused.stream().map(h -> h.document().id()).toList());
    assertEquals(1.0 / 61, fused.getFirst().score(), 1e-12);
    assertEquals(1, fused.getFirst().signals().get(Signal.RECENCY).rank(), "still reported");
    List<FusedHit> partial =
        withRecency.fuse(
            Map.of(
                Signal.SEMANTIC, List.of(hit(1, 0.9), hit(2, 0.8), hit(3, 0.7)),
                Signal.RECENCY, List.of(hit(2, 1.0), hit(3, 1.0))),
            10);
    assertEquals(
        List.of(2L, 3L, 1L),
        partial.stream().map(h -> h.document().id()).toList(),
        "alike, but not every candidate: it does say something");
  }

  @Test
  void kMustBePositive() {
    assertThrows(IllegalArgumentException.class, () -> new ReciprocalRankFusion(0, Map.of()));
  }

  private static SearchHit hit(long id, double score) {
    return new SearchHit(doc(id, DocKind.MEMORY), score);
  }

  private static IndexDocument doc(long id, DocKind kind) {
    DocBuilder b = DocBuilder.memory("t1", id, "bot1", "c", "text " + id);
    b.kind = kind;
    b.createdAt = Instant.parse("2026-05-08T12:00:00Z");
    return b.build();
  }
}
