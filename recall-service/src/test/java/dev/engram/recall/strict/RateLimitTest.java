package dev.engram.recall.strict;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.AGENT_T2_KEY;
import static dev.engram.recall.IndexFixture.INTERNAL_KEY;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.Collections;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-key budgets: recall calls and embedding inputs run out with 429 + Retry-After. */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@TestProfile(RateLimitTest.SmallBudgets.class)
class RateLimitTest {

  /** Two recalls and five embedding inputs at once, refilled at one a minute. */
  public static class SmallBudgets implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "engram.rate-limit.enabled", "true",
          "engram.rate-limit.recall.burst", "2",
          "engram.rate-limit.recall.per-minute", "1",
          "engram.rate-limit.embeddings.burst", "5",
          "engram.rate-limit.embeddings.per-minute", "1");
    }
  }

  @Test
  void aKeyThatRecallsTooOftenIsToldWhenToRetry() {
    recall(AGENT_T1_KEY).statusCode(200);
    recall(AGENT_T1_KEY).statusCode(200);
    ValidatableResponse limited =
        recall(AGENT_T1_KEY)
            .statusCode(429)
            .contentType("application/problem+json")
            .body("code", equalTo("rate_limited"));
    long retryAfter = Long.parseLong(limited.extract().header("Retry-After"));
    assertTrue(retryAfter >= 1 && retryAfter <= 60, "Retry-After " + retryAfter);
    recall(AGENT_T2_KEY).statusCode(200); // another key has its own budget
  }

  @Test
  void embeddingsPayPerInput() {
    embed(AGENT_T2_KEY, 4).statusCode(200);
    ValidatableResponse limited =
        embed(AGENT_T2_KEY, 4).statusCode(429).body("code", equalTo("rate_limited"));
    assertTrue(Long.parseLong(limited.extract().header("Retry-After")) >= 1);
    for (int i = 0; i < 4; i++) {
      embed(INTERNAL_KEY, 4).statusCode(200); // another Engram service is never limited
    }
  }

  private static ValidatableResponse recall(String key) {
    return given()
        .header("Authorization", "Bearer " + key)
        .contentType(ContentType.JSON)
        .body(Map.of("agent", "bot1", "query", "tea"))
        .post("/v1/recall")
        .then();
  }

  private static ValidatableResponse embed(String key, int inputs) {
    return given()
        .header("Authorization", "Bearer " + key)
        .contentType(ContentType.JSON)
        .body(Map.of("input", Collections.nCopies(inputs, "tea")))
        .post("/v1/embeddings")
        .then();
  }
}
