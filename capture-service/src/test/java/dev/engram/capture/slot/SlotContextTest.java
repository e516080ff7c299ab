package dev.engram.capture.slot;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.Background;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.TestKeys;
import dev.engram.capture.Turns;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Slots as context assembly reads them, per-name caps, and the handoff written at session end. */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class SlotContextTest {

  private static void put(String path, String content) {
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"" + content + "\"}")
        .put(path)
        .then()
        .statusCode(200);
  }

  @Test
  void recallReadsTheAgentsSessionsAndThreadsSlotsButNeverQuarantinedOnes() {
    String agent = Api.unique("bot");
    String base = "/v1/agents/" + agent;
    put(base + "/slots/hot_context", "Alice is planning a trip to Oslo");
    put(base + "/sessions/s-1/slots/working_memory", "comparing flights");
    put(base + "/sessions/s-2/slots/working_memory", "another session");
    put(base + "/threads/trip/slots/handoff", "booked nothing yet");
    put(base + "/slots/persona", "<script>evil()</script>");

    JsonPath slots =
        given()
            .header("Authorization", TestKeys.bearer(TestKeys.INTERNAL))
            .queryParam("tenant", "acme")
            .queryParam("agent", agent)
            .queryParam("session", "s-1")
            .queryParam("thread", "trip")
            .get("/internal/v1/slots")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertEquals(List.of("hot_context", "working_memory", "handoff"), slots.getList("slots.name"));
    assertEquals(List.of("AGENT", "SESSION", "THREAD"), slots.getList("slots.owner_type"));
    assertEquals("s-1", slots.getString("slots[1].owner_id"));
    assertTrue(slots.getInt("slots[0].tokens") > 0);
    assertEquals(1, slots.getInt("slots[0].version"));
    given()
        .header("Authorization", TestKeys.bearer(TestKeys.INTERNAL))
        .queryParam("tenant", "globex")
        .queryParam("agent", agent)
        .get("/internal/v1/slots")
        .then()
        .body("slots", org.hamcrest.Matchers.empty());
    given()
        .header("Authorization", TestKeys.bearer(TestKeys.INTERNAL))
        .queryParam("agent", agent)
        .get("/internal/v1/slots")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("tenant"));
    Api.as(TestKeys.ADMIN)
        .queryParam("tenant", "acme")
        .queryParam("agent", agent)
        .get("/internal/v1/slots")
        .then()
        .statusCode(403);
  }

  @Test
  void slotNamesHaveTheirOwnCaps() {
    String agent = Api.unique("bot");
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"" + "word ".repeat(20) + "\"}")
        .put("/v1/agents/" + agent + "/slots/scratch")
        .then()
        .statusCode(413)
        .body("max_tokens", equalTo(10));
    put("/v1/agents/" + agent + "/slots/notes", "word ".repeat(20));
  }

  @Test
  void endingASessionWritesTheThreadsHandoff() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    StringBuilder turns = new StringBuilder("{\"exchanges\":[");
    String[][] said = {
      {"alice", "user", "We need to plan the Oslo trip for the Nordic conference."},
      {"bot", "assistant", "I will send you the Oslo hotel shortlist by Friday."},
      {"alice", "user", "Great, and I'll book the flights to Oslo tomorrow."},
      {"alice", "user", "ok thanks"},
    };
    for (int i = 0; i < said.length; i++) {
      turns
          .append(i == 0 ? "" : ",")
          .append(
              "{\"agent\":\"%s\",\"chat\":\"%s\",\"session\":\"s-9\",\"thread\":\"trip\",\"speaker\":\"%s\",\"role\":\"%s\",\"text\":\"%s\",\"occurred_at\":\"2099-01-0%dT10:00:00Z\"}"
                  .formatted(agent, chat, said[i][0], said[i][1], said[i][2], i + 1));
    }
    Api.as(TestKeys.AGENT).body(turns + "]}").post("/v1/exchanges").then().statusCode(201);

    String handoff =
        Api.as(TestKeys.AGENT)
            .body("{\"agent\":\"%s\",\"thread\":\"trip\"}".formatted(agent))
            .post("/v1/sessions/s-9/end")
            .then()
            .statusCode(200)
            .body("handoff.owner_type", equalTo("THREAD"))
            .body("handoff.owner_id", equalTo("trip"))
            .body("handoff.name", equalTo("handoff"))
            .extract()
            .jsonPath()
            .getString("handoff.content");
    assertTrue(handoff.contains("## Key topics") && handoff.contains("Oslo"), handoff);
    assertTrue(handoff.contains("## Open commitments"), handoff);
    assertTrue(handoff.contains("bot will send you the Oslo hotel shortlist"), handoff);
    assertTrue(handoff.contains("alice will book the flights to Oslo"), handoff);
    assertTrue(
        handoff.contains("## Last exchanges") && handoff.contains("alice: ok thanks"), handoff);
    // Overwritten, never consumed: ending again replaces it, and it can be read any number of
    // times.
    Api.as(TestKeys.AGENT)
        .body("{\"agent\":\"%s\",\"thread\":\"trip\"}".formatted(agent))
        .post("/v1/sessions/s-9/end")
        .then()
        .statusCode(200)
        .body("handoff.version", equalTo(2));
    Api.as(TestKeys.AGENT)
        .get("/v1/agents/" + agent + "/threads/trip/slots/handoff")
        .then()
        .statusCode(200);
    Api.as(TestKeys.AGENT)
        .get("/v1/agents/" + agent + "/threads/trip/slots/handoff")
        .then()
        .statusCode(200);
    // The thread may be left out now: the session was recorded with it at its first end.
    Api.as(TestKeys.AGENT)
        .body("{\"agent\":\"%s\"}".formatted(agent))
        .post("/v1/sessions/s-9/end")
        .then()
        .statusCode(200)
        .body("handoff.owner_id", equalTo("trip"))
        .body("handoff.version", equalTo(3));
    // A session known by neither thread nor chat has nowhere to put its handoff.
    Api.as(TestKeys.AGENT)
        .body("{\"agent\":\"%s\"}".formatted(agent))
        .post("/v1/sessions/s-nowhere/end")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("thread"));
    Background.awaitReflectorIdle();
    new Turns(agent, chat); // (the session's turns stay queued for the Reflector)
  }
}
