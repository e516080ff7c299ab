package dev.engram.recall.similar;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.INTERNAL_KEY;
import static dev.engram.recall.IndexFixture.exchange;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static dev.engram.recall.IndexFixture.with;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Semantic dedup for capture-service: nearest memories by cosine, within visibility. */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class SimilarResourceTest {

  @BeforeEach
  void memories() {
    index(
        reset("t1"),
        upsert(memory("t1", 1, null, null, "Alice lives in Porto.")),
        upsert(memory("t1", 2, "bot1", "telegram:1", "Alice moved to Porto last year.")),
        upsert(memory("t1", 3, null, null, "The quarterly tax report is due in April.")),
        upsert(with(memory("t1", 4, null, null, "Alice lives in Porto!"), "status", "ARCHIVED")),
        upsert(exchange("t1", 5, "bot1", "telegram:1", "Alice lives in Porto, she said.")));
  }

  @Test
  void nearestMemoriesByCosineHighestFirst() {
    var json =
        similar(body("telegram:1", "Alice is living in Porto", 5, 0.0))
            .statusCode(200)
            .body("items[0].kind", equalTo("memory"))
            .body("items[0].score", greaterThan(0.7f))
            .extract()
            .jsonPath();
    List<Integer> ids = json.getList("items.id");
    assertEquals(List.of(1, 2), ids.subList(0, 2).stream().sorted().toList());
    assertTrue(!ids.contains(4) && !ids.contains(5), "ACTIVE memories only: " + ids);
    List<Float> scores = json.getList("items.score", Float.class);
    for (int i = 1; i < scores.size(); i++) {
      assertTrue(scores.get(i - 1) >= scores.get(i), "highest first");
    }
  }

  @Test
  void minScoreAndChatNarrowIt() {
    List<Integer> strong =
        similar(body("telegram:1", "Alice is living in Porto", 5, 0.5))
            .statusCode(200)
            .extract()
            .jsonPath()
            .getList("items.id");
    assertTrue(!strong.contains(3), "the tax report is below 0.5: " + strong);
    List<Integer> noChat =
        similar(body(null, "Alice is living in Porto", 5, 0.0))
            .statusCode(200)
            .extract()
            .jsonPath()
            .getList("items.id");
    assertTrue(!noChat.contains(2), "without chat no CHAT memories: " + noChat);
  }

  @Test
  void unknownFieldsAreIgnoredAndOnlyInternalKeysMayAsk() {
    Map<String, Object> body = body("telegram:1", "Alice", 1, 0.0);
    body.put("dedup_strategy", "merge");
    similar(body).statusCode(200).body("items.size()", equalTo(1));
    given()
        .header("Authorization", "Bearer " + AGENT_T1_KEY)
        .contentType(ContentType.JSON)
        .body(body("telegram:1", "Alice", 1, 0.0))
        .when()
        .post("/internal/v1/similar")
        .then()
        .statusCode(403);
    similar(body(null, " ", 1, 0.0)).statusCode(400).body("errors.field", hasItem("text"));
  }

  @Test
  void aBatchAnswersEachRequestAsTheSingleEndpointWould() {
    List<Map<String, Object>> requests =
        List.of(
            body("telegram:1", "Alice is living in Porto", 5, 0.0),
            body(null, "Alice is living in Porto", 5, 0.0),
            body("telegram:1", "When is the tax report due?", 2, 0.5));
    var batch = similarBatch(Map.of("requests", requests)).statusCode(200).extract().jsonPath();
    assertEquals(requests.size(), batch.getList("results").size());
    for (int i = 0; i < requests.size(); i++) {
      var alone = similar(requests.get(i)).statusCode(200).extract().jsonPath();
      assertEquals(alone.getList("items.id"), batch.getList("results[" + i + "].items.id"));
      assertEquals(alone.getList("items.score"), batch.getList("results[" + i + "].items.score"));
    }
    assertTrue(!batch.getList("results[1].items.id").contains(2), "each request's visibility");

    Map<String, Object> tooLong = body(null, "x".repeat(40_000), 1, 0.0);
    similarBatch(Map.of("requests", List.of(requests.get(0), tooLong)))
        .statusCode(400)
        .body("errors.field", hasItem("requests[1].text"));
    similarBatch(Map.of("requests", List.of())).statusCode(400);
    given()
        .header("Authorization", "Bearer " + AGENT_T1_KEY)
        .contentType(ContentType.JSON)
        .body(Map.of("requests", requests))
        .when()
        .post("/internal/v1/similar/batch")
        .then()
        .statusCode(403);
  }

  private static ValidatableResponse similarBatch(Object body) {
    return given()
        .header("Authorization", "Bearer " + INTERNAL_KEY)
        .contentType(ContentType.JSON)
        .body(body)
        .when()
        .post("/internal/v1/similar/batch")
        .then();
  }

  private static Map<String, Object> body(String chat, String text, int k, double minScore) {
    Map<String, Object> body = new HashMap<>();
    body.put("tenant", "t1");
    body.put("agent", "bot1");
    body.put("chat", chat);
    body.put("text", text);
    body.put("kinds", List.of("memory"));
    body.put("k", k);
    body.put("min_score", minScore);
    return body;
  }

  private static ValidatableResponse similar(Object body) {
    return given()
        .header("Authorization", "Bearer " + INTERNAL_KEY)
        .contentType(ContentType.JSON)
        .body(body)
        .when()
        .post("/internal/v1/similar")
        .then();
  }
}
