package dev.engram.recall.recall;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.INTERNAL_KEY;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The graph list, switched on as a user would ({@code engram.recall.weights.graph} 0.8, its weight
 * before it went off by default): graph-service's items join the fusion with their graph signal,
 * and a down or late graph is skipped and named, never a failed recall.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@TestProfile(GraphListResourceTest.GraphListOn.class)
class GraphListResourceTest {

  /** The graph list on. */
  public static class GraphListOn implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("engram.recall.weights.graph", "0.8");
    }
  }

  @BeforeEach
  void emptyTenants() {
    index(reset("t1"), reset("t2"));
  }

  @Test
  void graphItemsAppearWithSignalGraph() {
    index(
        upsert(memory("t1", 1, null, null, "Alice adores her golden retriever.")),
        upsert(memory("t1", 2, null, null, "The quarterly tax report is due in April.")));
    var graph = RecallTestResources.graph();
    graph.reset();
    graph.answer(
        r ->
            "{\"entities\":[{\"id\":\"e-1\",\"name\":\"Alice\",\"centrality\":0.1}],"
                + "\"items\":[{\"kind\":\"memory\",\"id\":2,\"hops\":1,\"score\":0.9,"
                + "\"via\":[\"Alice\"],\"future_field\":true}],\"took_ms\":2}");
    var items =
        recall(AGENT_T1_KEY, body("bot1", "telegram:1", "What does Alice own?"))
            .statusCode(200)
            .body("skipped_signals", equalTo(List.of()))
            .extract()
            .jsonPath();
    assertEquals(0.9f, items.getFloat("items.find { it.id == 2 }.signals.graph.score"));
    assertEquals(1, items.getInt("items.find { it.id == 2 }.signals.graph.rank"));
    var sent = graph.received().getLast();
    assertEquals("t1", sent.body().get("tenant").asText());
    assertEquals("bot1", sent.body().get("agent").asText());
    assertEquals("telegram:1", sent.body().get("chat").asText());
    assertEquals("What does Alice own?", sent.body().get("query").asText());
    assertEquals(2, sent.body().get("max_hops").asInt());
    assertEquals("Bearer " + INTERNAL_KEY, sent.authorization());
    graph.reset();
  }

  @Test
  void aDownOrSlowGraphIsSkippedNotFailed() {
    index(upsert(memory("t1", 1, null, null, "Alice adores her golden retriever.")));
    var graph = RecallTestResources.graph();
    graph.status(503);
    recall(AGENT_T1_KEY, body("bot1", null, "Alice's dog"))
        .statusCode(200)
        .body("items[0].id", equalTo(1))
        .body("skipped_signals[0].signal", equalTo("graph"))
        .body("skipped_signals[0].reason", containsString("503"));
    graph.reset();
    graph.delay(3_000); // beyond engram.recall.graph.timeout (2 s in tests)
    recall(AGENT_T1_KEY, body("bot1", null, "Alice's dog"))
        .statusCode(200)
        .body("items[0].id", equalTo(1))
        .body("skipped_signals[0].signal", equalTo("graph"))
        .body("skipped_signals[0].reason", containsString("did not answer within 2000 ms"));
    graph.reset();
  }

  private static Map<String, Object> body(String agent, String chat, String query) {
    Map<String, Object> body = new HashMap<>();
    body.put("agent", agent);
    if (chat != null) {
      body.put("chat", chat);
    }
    body.put("query", query);
    return body;
  }

  private static ValidatableResponse recall(String key, Object body) {
    return given()
        .header("Authorization", "Bearer " + key)
        .contentType(ContentType.JSON)
        .body(body)
        .when()
        .post("/v1/recall")
        .then();
  }
}
