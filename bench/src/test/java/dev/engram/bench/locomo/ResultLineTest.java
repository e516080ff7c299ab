package dev.engram.bench.locomo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultLineTest {

  @Test
  void writesTheDocumentedFieldsInOrderAndReadsThemBack() throws IOException {
    ResultLine line =
        new ResultLine(
            "s-1",
            3,
            2,
            List.of(
                new ResultLine.Item(7, "exchange", List.of("D1:3"), 0.5),
                new ResultLine.Item(9, "memory", List.of("D1:3", "D2:1"), 0.25)));
    String json = line.toJson();
    assertEquals(
        "{\"sample_id\":\"s-1\",\"qa_index\":3,\"category\":2,\"retrieved\":["
            + "{\"id\":7,\"kind\":\"exchange\",\"dia_ids\":[\"D1:3\"],\"score\":0.5},"
            + "{\"id\":9,\"kind\":\"memory\",\"dia_ids\":[\"D1:3\",\"D2:1\"],\"score\":0.25}]}",
        json);
    assertEquals(line, ResultLine.fromJson(json));
  }
}
