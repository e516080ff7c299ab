package dev.engram.capture.session;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.engram.capture.Api;
import dev.engram.capture.Background;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A chat's sessions, newest first, paged like the memories; the tenant's only, for its keys. */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class SessionListTest {

  @AfterEach
  void reflectorDone() {
    Background.awaitReflectorIdle();
  }

  private static void start(String agent, String chat, String session) {
    Api.as(TestKeys.AGENT)
        .body(Map.of("agent", agent, "chat", chat, "session", session))
        .post("/v1/sessions")
        .then()
        .statusCode(201);
  }

  @Test
  void aChatsSessionsNewestFirstInPages() {
    String agent = Api.unique("bot");
    start(agent, "c1", "s1");
    start(agent, "c2", "other-chat");
    start(agent, "c1", "s2");
    start(agent, "c1", "s3");
    Api.as(TestKeys.AGENT)
        .body(Map.of("agent", agent, "summary", "Planned the trip"))
        .post("/v1/sessions/s3/end")
        .then()
        .statusCode(200);

    String next =
        Api.as(TestKeys.AGENT)
            .queryParam("agent", agent)
            .queryParam("chat", "c1")
            .queryParam("limit", "2")
            .get("/v1/sessions")
            .then()
            .statusCode(200)
            .body("items.session", contains("s3", "s2"))
            .body("items[0].summary", equalTo("Planned the trip"))
            .body("items[0].ended_at", notNullValue())
            .body("items[1].ended_at", nullValue())
            .body("next_cursor", notNullValue())
            .extract()
            .jsonPath()
            .getString("next_cursor");
    Api.as(TestKeys.AGENT)
        .queryParam("agent", agent)
        .queryParam("chat", "c1")
        .queryParam("limit", "2")
        .queryParam("cursor", next)
        .get("/v1/sessions")
        .then()
        .statusCode(200)
        .body("items.session", contains("s1"))
        .body("next_cursor", nullValue());
    // without a chat: every session of the agent
    Api.as(TestKeys.ADMIN)
        .queryParam("agent", agent)
        .get("/v1/sessions")
        .then()
        .statusCode(200)
        .body("items.session", contains("s3", "s2", "other-chat", "s1"));
  }

  @Test
  void anotherTenantSeesNoneOfThem() {
    String agent = Api.unique("bot");
    start(agent, "c1", "s1");
    Api.as(TestKeys.OTHER_TENANT)
        .queryParam("agent", agent)
        .get("/v1/sessions")
        .then()
        .statusCode(200)
        .body("items", empty());
    Api.as(TestKeys.OPS).queryParam("agent", agent).get("/v1/sessions").then().statusCode(403);
  }

  @Test
  void badListingParametersAre400() {
    for (String[] bad :
        new String[][] {
          {"agent", " bot", "agent"},
          {"chat", "\tc1", "chat"},
          {"cursor", "abc", "cursor"},
          {"cursor", "-3", "cursor"},
          {"limit", "0", "limit"},
          {"limit", "many", "limit"},
        }) {
      Api.as(TestKeys.AGENT)
          .queryParam(bad[0], bad[1])
          .get("/v1/sessions")
          .then()
          .statusCode(400)
          .contentType("application/problem+json")
          .body("errors[0].field", equalTo(bad[2]));
    }
  }
}
