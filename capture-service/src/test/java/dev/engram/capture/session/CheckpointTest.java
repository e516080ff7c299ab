package dev.engram.capture.session;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import dev.engram.capture.Turns;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Checkpoints before a gateway compacts its context: what the checkpoint slot says. */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class CheckpointTest {

  private static JsonPath checkpoint(String session, Map<String, ?> body) {
    return Api.as(TestKeys.AGENT)
        .body(body)
        .post("/v1/sessions/" + session + "/checkpoint")
        .then()
        .statusCode(201)
        .body("checkpoint.id", notNullValue())
        .body("checkpoint.session", equalTo(session))
        .body("checkpoint.created_at", notNullValue())
        .body("slot.name", equalTo("checkpoint"))
        .extract()
        .jsonPath();
  }

  @Test
  void theGatewaysSummaryAndCommitmentsGoIntoTheThreadsCheckpoint() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    SessionEndTest.converse(agent, chat, "s-1", "trip");
    JsonPath taken =
        checkpoint(
            "s-1",
            Map.of(
                "agent",
                agent,
                "chat",
                chat,
                "thread",
                "trip",
                "summary",
                "Alice and the bot compared Oslo hotels.",
                "commitments",
                List.of("send the visa letter")));
    assertEquals("THREAD", taken.getString("slot.owner_type"));
    assertEquals("trip", taken.getString("slot.owner_id"));
    String content = taken.getString("slot.content");
    assertTrue(content.contains("## Summary\nAlice and the bot compared Oslo hotels."), content);
    assertTrue(content.contains("- send the visa letter"), content);
    assertTrue(content.contains("alice will book the flights to Oslo"), content);
    assertFalse(content.contains("## Exchanges"), "the gateway's summary replaces the turns");
    Api.as(TestKeys.AGENT)
        .queryParam("agent", agent)
        .get("/v1/sessions/s-1")
        .then()
        .statusCode(200)
        .body("checkpoints", equalTo(1))
        .body("thread", equalTo("trip"));
    assertEquals(
        1,
        Db.count(
            "select count(*) from session_checkpoints where agent = ?1 and summary is not null"
                + " and commitments[1] = 'send the visa letter'",
            agent));
  }

  @Test
  void withoutASummaryTheCheckpointQuotesTheTurnsSinceThePreviousOne() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    SessionEndTest.converse(agent, chat, "s-2", null);
    String first =
        checkpoint("s-2", Map.of("agent", agent, "chat", chat)).getString("slot.content");
    assertTrue(first.contains("## Exchanges since the previous checkpoint"), first);
    assertTrue(first.contains("alice: We need to plan the Oslo trip"), first);
    assertTrue(first.contains("## Key topics") && first.contains("Oslo"), first);

    new Turns(agent, chat).user("alice", "Let us also visit Bergen", null).post(TestKeys.AGENT);
    Api.as(TestKeys.AGENT)
        .body(
            "{\"exchanges\":[{\"agent\":\"%s\",\"chat\":\"%s\",\"session\":\"s-2\",\"speaker\":\"alice\",\"role\":\"user\",\"text\":\"Bergen has the fjords\"}]}"
                .formatted(agent, chat))
        .post("/v1/exchanges")
        .then()
        .statusCode(201);
    JsonPath second = checkpoint("s-2", Map.of("agent", agent));
    assertEquals("CHAT", second.getString("slot.owner_type"), "the chat recorded at the first");
    assertEquals(2, second.getInt("slot.version"));
    String content = second.getString("slot.content");
    assertTrue(content.contains("alice: Bergen has the fjords"), content);
    assertFalse(content.contains("We need to plan the Oslo trip"), content);
    assertFalse(content.contains("visit Bergen"), "a turn of no session is not the session's");
  }

  @Test
  void aCheckpointOfASessionWithoutChatOrThreadIsTheSessionsSlot() {
    String agent = Api.unique("bot");
    JsonPath taken = checkpoint("s-3", Map.of("agent", agent, "summary", "nothing yet"));
    assertEquals("SESSION", taken.getString("slot.owner_type"));
    assertEquals("s-3", taken.getString("slot.owner_id"));
    Api.as(TestKeys.AGENT)
        .get("/v1/agents/" + agent + "/sessions/s-3/slots/checkpoint")
        .then()
        .statusCode(200);
  }

  @Test
  void aLongSummaryIsKeptWithinTheSlotsCap() {
    String agent = Api.unique("bot");
    JsonPath taken =
        checkpoint(
            "s-4",
            Map.of(
                "agent",
                agent,
                "summary",
                "The hotel list grew long. ".repeat(200),
                "commitments",
                List.of("first promise", "second promise")));
    assertTrue(taken.getInt("slot.tokens") <= 300, "" + taken.getInt("slot.tokens"));
    assertTrue(taken.getString("slot.content").contains("## Summary"));
  }
}
