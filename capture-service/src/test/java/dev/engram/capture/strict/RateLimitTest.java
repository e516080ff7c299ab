package dev.engram.capture.strict;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import dev.engram.common.ratelimit.PrepaidCallHeaders;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.ValidatableResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-key write budgets: a key that writes too fast gets 429 + Retry-After and stores nothing. */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
@TestProfile(RateLimitTest.TwoWrites.class)
class RateLimitTest {

  /** Two writes at once per key, refilled at one a minute. */
  public static class TwoWrites implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "engram.rate-limit.enabled", "true",
          "engram.rate-limit.writes.burst", "2",
          "engram.rate-limit.writes.per-minute", "1");
    }
  }

  @Test
  void aKeyThatWritesTooFastIsToldWhenToRetryAndReadsStayOpen() {
    String agent = Api.unique("limited");
    long id = remember(agent).statusCode(201).extract().jsonPath().getLong("id");
    remember(agent).statusCode(201);
    ValidatableResponse limited =
        remember(agent)
            .statusCode(429)
            .contentType("application/problem+json")
            .body("code", equalTo("rate_limited"));
    long retryAfter = Long.parseLong(limited.extract().header("Retry-After"));
    assertTrue(retryAfter >= 1 && retryAfter <= 60, "Retry-After " + retryAfter);
    assertEquals(2, Db.count("select count(*) from memories where agent = ?1", agent));
    for (int i = 0; i < 3; i++) {
      Api.as(TestKeys.AGENT).get("/v1/memories/" + id).then().statusCode(200);
    }
  }

  /**
   * Issue 17: an MCP write tool paid recall-service's bucket and then capture's again, because
   * recall forwards it with the caller's key. A call marked prepaid with an internal key costs the
   * caller nothing here (its two tokens are still there afterwards); a mark made with any other key
   * is ignored, so only an Engram service can waive the charge.
   */
  @Test
  void aCallForwardedByAServiceThatChargedItIsNotChargedAgain() {
    String agent = Api.unique("prepaid");
    for (int i = 0; i < 4; i++) {
      remember(TestKeys.ADMIN, agent, TestKeys.INTERNAL).statusCode(201);
    }
    remember(TestKeys.ADMIN, agent, null).statusCode(201);
    remember(TestKeys.ADMIN, agent, null).statusCode(201);
    remember(TestKeys.ADMIN, agent, TestKeys.ADMIN).statusCode(429);
    remember(TestKeys.ADMIN, agent, null).statusCode(429);
    assertEquals(6, Db.count("select count(*) from memories where agent = ?1", agent));

    String forged = Api.unique("forged");
    remember(TestKeys.OTHER_TENANT, forged, TestKeys.OTHER_TENANT).statusCode(201);
    remember(TestKeys.OTHER_TENANT, forged, "not-a-key").statusCode(201);
    remember(TestKeys.OTHER_TENANT, forged, TestKeys.OTHER_TENANT).statusCode(429);
  }

  private static ValidatableResponse remember(String key, String agent, String prepaid) {
    var request = Api.as(key);
    if (prepaid != null) {
      request = request.header(PrepaidCallHeaders.HEADER, prepaid);
    }
    return request
        .body(Map.of("agent", agent, "text", "Alice lives in Lisbon " + Api.unique("n")))
        .post("/v1/memories")
        .then();
  }

  private static ValidatableResponse remember(String agent) {
    return Api.as(TestKeys.AGENT)
        .body(Map.of("agent", agent, "text", "Alice lives in Lisbon " + Api.unique("n")))
        .post("/v1/memories")
        .then();
  }
}
