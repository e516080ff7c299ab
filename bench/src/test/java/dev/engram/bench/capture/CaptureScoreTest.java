package dev.engram.bench.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.bench.EngramApi;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Hand-made observations, memories and 2-d "embeddings". */
class CaptureScoreTest {

  private static final float[] EAST = {1, 0};
  private static final float[] NORTH_EAST = {1, 1}; // cosine 0.707 with EAST and NORTH
  private static final float[] NORTH = {0, 1};

  private static CaptureScore.Item item(String text, String... turns) {
    return new CaptureScore.Item(text, Set.of(turns));
  }

  @Test
  void anObservationIsCoveredOnlyByACloseMemoryFromOneOfItsEvidenceTurns() {
    List<CaptureScore.Item> observations =
        List.of(
            item("moved to Porto", "D1:1"), // a close memory of the same turn: covered
            item("has a dog", "D1:2"), // a close memory, but of another turn: not covered
            item("likes jazz", "D1:3", "D1:4")); // a memory of D1:4, too far: not covered
    List<CaptureScore.Item> memories =
        List.of(
            item("lives in Porto", "D1:1"),
            item("owns a dog", "D1:9"),
            item("went running", "D1:4"));
    Map<String, float[]> v =
        Map.of(
            "moved to Porto", EAST,
            "lives in Porto", NORTH_EAST,
            "has a dog", NORTH,
            "owns a dog", NORTH,
            "likes jazz", EAST,
            "went running", NORTH);
    CaptureScore.Result r = CaptureScore.score(observations, memories, v, 0.5, 0.5);
    assertEquals(3, r.observations());
    assertEquals(1, r.covered());
    assertEquals(List.of(observations.get(1), observations.get(2)), r.uncovered());
    assertEquals(3, r.memories());
    assertEquals(1, r.supported());
    assertEquals(List.of(memories.get(1), memories.get(2)), r.unsupported());
  }

  @Test
  void thresholdsAreInclusiveAndSeparate() {
    List<CaptureScore.Item> observations = List.of(item("a", "D1:1"));
    List<CaptureScore.Item> memories = List.of(item("b", "D1:1"));
    Map<String, float[]> v = Map.of("a", EAST, "b", NORTH_EAST);
    CaptureScore.Result strictCover = CaptureScore.score(observations, memories, v, 0.8, 0.7);
    assertEquals(0, strictCover.covered());
    assertEquals(1, strictCover.supported());
    CaptureScore.Result exact =
        CaptureScore.score(observations, memories, v, 0.5, 1 / Math.sqrt(2));
    assertEquals(1, exact.covered());
    assertEquals(1, exact.supported());
  }

  @Test
  void noMemoriesMeansNothingCoveredAndSupportZero() {
    CaptureScore.Result r =
        CaptureScore.score(List.of(item("a", "D1:1")), List.of(), Map.of("a", EAST), 0.5, 0.5);
    assertEquals(0.0, r.coverage());
    assertEquals(0.0, r.support());
    assertEquals(1, r.uncovered().size());
  }

  @Test
  void totalsAddUpAndHalvesAreReportedApart() {
    CaptureScore.Result a = new CaptureScore.Result(10, 5, 4, 3, List.of(), List.of());
    CaptureScore.Result b = new CaptureScore.Result(10, 1, 6, 3, List.of(), List.of());
    Map<String, CaptureScore.Result> rows =
        CaptureReport.rows(Map.of("conv-1", a, "conv-2", b), Set.of("conv-2"));
    assertEquals(0.5, rows.get("rules chosen on").coverage());
    assertEquals(0.1, rows.get("held out").coverage());
    assertEquals(0.3, rows.get("all").coverage(), 1e-9);
    assertEquals(0.6, rows.get("all").support(), 1e-9);
  }

  @Test
  void observationsTakeEveryEvidenceShapeAndDropUnknownTurns() throws Exception {
    JsonNode observation =
        EngramApi.JSON.readTree(
            """
            {"session_1_observation": {
               "A": [["A moved.", "D1:1"], ["A has a dog.", ["D1:2", "D1:3"]]],
               "B": [["B sings.", "D1:4; D1:5"], ["B is lost.", "D9:9"]]}}
            """);
    List<CaptureScore.Item> items =
        Observations.of(observation, Set.of("D1:1", "D1:2", "D1:3", "D1:4", "D1:5"));
    assertEquals(
        List.of(
            item("A moved.", "D1:1"),
            item("A has a dog.", "D1:2", "D1:3"),
            item("B sings.", "D1:4", "D1:5")),
        items);
  }
}
