package dev.engram.capture.session;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.Background;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Sessions recorded at start, read back, and refused when they would change chat or thread. */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class SessionApiTest {

  @AfterEach
  void reflectorDone() {
    Background.awaitReflectorIdle();
  }

  static Response start(Map<String, ?> body) {
    return Api.as(TestKeys.AGENT).body(body).post("/v1/sessions");
  }

  @Test
  void aSessionIsRecordedOnceAndARetryGetsTheStoredOne() {
    String agent = Api.unique("bot");
    JsonPath created =
        start(Map.of("agent", agent, "chat", "c1", "first_message", "hi"))
            .then()
            .statusCode(201)
            .body("session", matchesPattern("s-[0-9a-f]{16}"))
            .body("agent", equalTo(agent))
            .body("chat", equalTo("c1"))
            .body("thread", nullValue())
            .body("started_at", notNullValue())
            .body("ended_at", nullValue())
            .body("summary", nullValue())
            .body("checkpoints", equalTo(0))
            .extract()
            .jsonPath();
    String id = created.getString("session");

    start(Map.of("agent", agent, "session", id, "chat", "c1"))
        .then()
        .statusCode(200)
        .body("started_at", equalTo(created.getString("started_at")));
    start(Map.of("agent", agent, "session", id, "chat", "c1", "thread", "trip"))
        .then()
        .statusCode(200)
        .body("thread", equalTo("trip"));
    start(Map.of("agent", agent, "session", id, "chat", "c2"))
        .then()
        .statusCode(409)
        .contentType("application/problem+json")
        .body("code", equalTo("session_conflict"));
    start(Map.of("agent", agent, "session", id, "thread", "other"))
        .then()
        .statusCode(409)
        .body("code", equalTo("session_conflict"));
    // the same id is another session for another agent
    start(Map.of("agent", agent + "-2", "session", id, "chat", "c2")).then().statusCode(201);

    Api.as(TestKeys.AGENT)
        .queryParam("agent", agent)
        .get("/v1/sessions/" + id)
        .then()
        .statusCode(200)
        .body("chat", equalTo("c1"))
        .body("thread", equalTo("trip"));
    Api.as(TestKeys.AGENT)
        .queryParam("agent", Api.unique("bot"))
        .get("/v1/sessions/" + id)
        .then()
        .statusCode(404)
        .body("code", equalTo("session_not_found"));
    Api.as(TestKeys.OTHER_TENANT)
        .queryParam("agent", agent)
        .get("/v1/sessions/" + id)
        .then()
        .statusCode(404);
    assertEquals(1, Db.count("select count(*) from sessions where agent = ?1", agent));
  }

  @Test
  void anIdempotentStartReplaysItsAnswer() {
    String agent = Api.unique("bot");
    String body = "{\"agent\":\"%s\",\"chat\":\"c1\"}".formatted(agent);
    Response first =
        Api.as(TestKeys.AGENT).header("Idempotency-Key", agent).body(body).post("/v1/sessions");
    first.then().statusCode(201);
    Api.as(TestKeys.AGENT)
        .header("Idempotency-Key", agent)
        .body(body)
        .post("/v1/sessions")
        .then()
        .statusCode(201)
        .header("Idempotency-Replayed", "true")
        .body("session", equalTo(first.jsonPath().getString("session")));
    assertEquals(1, Db.count("select count(*) from sessions where agent = ?1", agent));
  }

  @Test
  void badInputIsRefusedNamingTheFieldAndNothingIsStored() {
    String agent = Api.unique("bot");
    refused(start(Map.of("chat", "c1")), "agent");
    refused(start(Map.of("agent", agent, "chat", " lead")), "chat");
    refused(start(Map.of("agent", agent, "session", "x\u0007")), "session");
    refused(start(Map.of("agent", agent, "first_message", "x".repeat(8001))), "first_message");
    refused(
        Api.as(TestKeys.AGENT)
            .body(Map.of("agent", agent, "summary", "x".repeat(8001)))
            .post("/v1/sessions/s-1/end"),
        "summary");
    refused(
        Api.as(TestKeys.AGENT)
            .body(Map.of("agent", agent, "commitments", java.util.Collections.nCopies(21, "x")))
            .post("/v1/sessions/s-1/checkpoint"),
        "commitments");
    refused(
        Api.as(TestKeys.AGENT)
            .body(Map.of("agent", agent, "commitments", java.util.List.of("ok", " ")))
            .post("/v1/sessions/s-1/checkpoint"),
        "commitments[1]");
    refused(Api.as(TestKeys.AGENT).queryParam("agent", " x").get("/v1/sessions/s-1"), "agent");
    assertEquals(0, Db.count("select count(*) from sessions where agent = ?1", agent));
    assertEquals(0, Db.count("select count(*) from session_checkpoints where agent = ?1", agent));
  }

  static void refused(Response response, String field) {
    response
        .then()
        .statusCode(400)
        .contentType("application/problem+json")
        .body("code", equalTo("validation_failed"));
    assertTrue(
        response.jsonPath().getList("errors.field").contains(field),
        field + " named in " + response.asString());
  }
}
