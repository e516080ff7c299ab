package dev.engram.bench.locomo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultComparisonTest {

  private static ResultLine.Item item(long id, double score) {
    return new ResultLine.Item(id, "exchange", List.of("D1:" + id), score);
  }

  /** The same turn stored in another tenant: another id. */
  private static ResultLine.Item elsewhere(long id, double score) {
    return new ResultLine.Item(id + 1000, "exchange", List.of("D1:" + id), score);
  }

  @Test
  void countsSameListsAndDifferencesExplainedByASkippedSignal() {
    ResultLine.Skipped late = new ResultLine.Skipped("graph", "graph-service did not answer");
    List<ResultLine> solo =
        List.of(
            new ResultLine("c", 0, 1, List.of(item(1, 0.5), item(2, 0.4))),
            new ResultLine("c", 1, 1, List.of(item(3, 0.5), item(4, 0.4))),
            new ResultLine("c", 2, 1, List.of(item(5, 0.5), item(6, 0.4))),
            new ResultLine("c", 3, 1, List.of(item(7, 0.5))));
    List<ResultLine> crowd =
        List.of(
            new ResultLine("c", 2, 1, List.of(item(6, 0.5), item(5, 0.4)), List.of(late)),
            new ResultLine("c", 1, 1, List.of(item(4, 0.5), item(3, 0.4))),
            new ResultLine("c", 0, 1, List.of(elsewhere(1, 0.5), elsewhere(2, 0.3))),
            new ResultLine("c", 9, 1, List.of()));

    ResultComparison c = ResultComparison.of(solo, crowd);

    assertEquals(new ResultComparison(3, 1, 1, 0, 1, 2), c);
    assertEquals(new SkippedSignals(4, 1, java.util.Map.of("graph", 1)), SkippedSignals.of(crowd));
  }

  @Test
  void aSkippedSignalIsWrittenAndReadBack() throws IOException {
    ResultLine line =
        new ResultLine(
            "s-1",
            3,
            2,
            List.of(item(7, 0.5)),
            List.of(new ResultLine.Skipped("graph", "graph-service did not answer within 300 ms")));
    String json = line.toJson();
    assertEquals(
        "{\"sample_id\":\"s-1\",\"qa_index\":3,\"category\":2,\"retrieved\":["
            + "{\"id\":7,\"kind\":\"exchange\",\"dia_ids\":[\"D1:7\"],\"score\":0.5}],"
            + "\"skipped_signals\":[{\"signal\":\"graph\","
            + "\"reason\":\"graph-service did not answer within 300 ms\"}]}",
        json);
    assertEquals(line, ResultLine.fromJson(json));
  }
}
