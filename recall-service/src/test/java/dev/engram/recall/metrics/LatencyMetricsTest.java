package dev.engram.recall.metrics;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.upsert;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Recall's and context's latencies are histograms that move, and so is every HTTP endpoint. */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class LatencyMetricsTest {

  private static final String RECALL = "engram_recall_latency_seconds_count";
  private static final String CONTEXT = "engram_recall_context_latency_seconds_count";

  @Test
  void recallAndContextAreTimedAsHistograms() {
    index(upsert(memory("t1", 1, null, null, "The office plant is a ficus named Fred.")));
    String before = scrape();

    post("/v1/recall", Map.of("agent", "bot1", "query", "office plant", "k", 3));
    post("/v1/context", Map.of("agent", "bot1", "query", "office plant", "budget_tokens", 200));
    String after = scrape();

    assertTrue(value(after, RECALL) > value(before, RECALL), "context recalls too");
    assertEquals(1, value(after, CONTEXT) - value(before, CONTEXT));
    assertTrue(after.contains("engram_recall_latency_seconds_bucket{le=\"0.25\"}"), after);
    assertTrue(after.contains("engram_recall_context_latency_seconds_bucket{le=\"0.5\"}"));
    assertTrue(
        after
            .lines()
            .anyMatch(
                l ->
                    l.startsWith("http_server_requests_seconds_bucket{")
                        && l.contains("uri=\"/v1/context\"")
                        && l.contains("le=\"0.1\"")),
        "every endpoint's latency is a histogram");
  }

  private static void post(String path, Map<String, Object> body) {
    given()
        .header("Authorization", "Bearer " + AGENT_T1_KEY)
        .contentType(ContentType.JSON)
        .body(body)
        .post(path)
        .then()
        .statusCode(200);
  }

  /** The scrape, with the text format's optional trailing comma in label sets dropped. */
  private static String scrape() {
    return given().get("/q/metrics").then().statusCode(200).extract().asString().replace(",}", "}");
  }

  private static double value(String scrape, String series) {
    return scrape
        .lines()
        .filter(l -> l.startsWith(series + " "))
        .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no series " + series));
  }
}
