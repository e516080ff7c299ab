package dev.engram.bench.locomo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-made fixtures; k = 1, 5, 10, 20. */
class RetrievalMetricsTest {

  private static final double E = 1e-9;

  @Test
  void turnRecallCountsGoldTurnsFoundInTheTopKItems() {
    List<List<String>> items = new ArrayList<>();
    items.add(List.of("D1:1"));
    for (int i = 0; i < 8; i++) {
      items.add(List.of("D2:" + i));
    }
    items.add(List.of("D3:1")); // rank 10
    items.add(List.of("D3:2")); // rank 11
    assertArrayEquals(
        new double[] {1 / 3.0, 1 / 3.0, 2 / 3.0, 1.0},
        RetrievalMetrics.turnRecall(List.of("D1:1", "D3:1", "D3:2"), items),
        E);
  }

  @Test
  void aMemoryCountsForEveryTurnItCameFrom() {
    List<List<String>> items = List.of(List.of("D1:1", "D4:2"), List.of("D1:3"));
    assertArrayEquals(
        new double[] {1.0, 1.0, 1.0, 1.0},
        RetrievalMetrics.turnRecall(List.of("D1:1", "D4:2"), items),
        E);
  }

  @Test
  void nothingRetrievedIsZero() {
    assertArrayEquals(new double[4], RetrievalMetrics.turnRecall(List.of("D1:1"), List.of()), E);
    assertArrayEquals(new double[4], RetrievalMetrics.sessionRecall(List.of("D1:1"), List.of()), E);
  }

  @Test
  void sessionsAreRankedByTheirFirstAppearance() {
    // sessions in order of first appearance: D2, D1, D3, D4, D5, D6, D7
    List<List<String>> items =
        List.of(
            List.of("D2:1"),
            List.of("D2:5", "D1:4"),
            List.of("D2:2"),
            List.of("D3:1"),
            List.of("D4:1"),
            List.of("D5:1"),
            List.of("D6:1"),
            List.of("D7:1"));
    assertEquals(
        List.of("D2", "D1", "D3", "D4", "D5", "D6", "D7"),
        new ArrayList<>(RetrievalMetrics.rankedSessions(items)));
    // gold sessions D1 (turns D1:9 and D1:4 count once) and D7
    assertArrayEquals(
        new double[] {0.0, 0.5, 1.0, 1.0},
        RetrievalMetrics.sessionRecall(List.of("D1:9", "D1:4", "D7:3"), items),
        E);
  }

  @Test
  void reportAveragesOverScoredQuestionsPerCategoryAndWithoutAdversarial() {
    LocomoData.Conversation c =
        new LocomoData.Conversation(
            "c1",
            "A",
            "B",
            List.of(
                new LocomoData.Session(1, null, List.of(turn("D1:1"), turn("D1:2"), turn("D1:3"))),
                new LocomoData.Session(2, null, List.of(turn("D2:1"), turn("D2:2")))),
            List.of(
                question(0, 1, "D1:1"), // found at rank 1
                question(1, 4, "D2:2"), // not found
                question(2, 5, "D1:3; D2:1"), // half found at rank 2
                question(3, 4, "D9:9"), // unresolvable: skipped
                question(4, 2, "D1:2"))); // no result line: scored 0
    List<ResultLine> results =
        List.of(
            line(0, List.of("D1:1"), List.of("D2:1")),
            line(1, List.of("D1:1")),
            line(2, List.of("D1:1"), List.of("D1:3")),
            line(3, List.of("D1:1")),
            new ResultLine("other", 0, 1, List.of()));

    RetrievalMetrics.Report report = RetrievalMetrics.score(List.of(c), results);

    assertEquals(5, report.questions());
    assertEquals(1, report.skipped());
    assertEquals(1, report.missing());
    assertEquals(1, report.unknown());
    RetrievalMetrics.Group all = report.group("all");
    assertEquals(4, all.questions());
    // turn@1: 1 + 0 + 0 + 0; turn@5: 1 + 0 + 0.5 + 0
    assertArrayEquals(new double[] {0.25, 0.375, 0.375, 0.375}, all.turn(), E);
    // sessions: q0 D1 at 1; q1 D2 never; q2 gold {D1, D2}, ranked [D1]; q4 none
    assertArrayEquals(new double[] {0.375, 0.375, 0.375, 0.375}, all.session(), E);
    RetrievalMetrics.Group withoutAdversarial = report.group("without cat 5");
    assertEquals(3, withoutAdversarial.questions());
    assertArrayEquals(
        new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0, 1 / 3.0}, withoutAdversarial.turn(), E);
    assertEquals(1, report.group("cat 1 multi-hop").questions());
    assertEquals(1.0, report.group("cat 1 multi-hop").turn()[0], E);
    assertEquals(1, report.group("cat 4 single-hop").questions());
    assertEquals(0.0, report.group("cat 4 single-hop").turn()[3], E);
    assertArrayEquals(new double[] {0, 0.5, 0.5, 0.5}, report.group("cat 5 adversarial").turn(), E);
  }

  private static LocomoData.Turn turn(String id) {
    return new LocomoData.Turn(id, "A", "text of " + id, null);
  }

  private static LocomoData.Question question(int index, int category, String evidence) {
    return new LocomoData.Question(index, "q" + index, category, List.of(evidence));
  }

  @SafeVarargs
  private static ResultLine line(int index, List<String>... items) {
    List<ResultLine.Item> retrieved = new ArrayList<>();
    for (int i = 0; i < items.length; i++) {
      retrieved.add(new ResultLine.Item(i, "exchange", items[i], 1.0 / (i + 1)));
    }
    return new ResultLine("c1", index, 0, retrieved);
  }
}
