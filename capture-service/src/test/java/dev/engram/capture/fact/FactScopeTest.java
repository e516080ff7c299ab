package dev.engram.capture.fact;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * Ending a fact honours agent and chat as MCP's {@code forget} does for memories (issue 28, item
 * 7): with an agent (and chat) named, another agent's or chat's fact is not found; a GLOBAL fact
 * needs an admin key, as writing one does.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class FactScopeTest {

  private static long fact(String key, String body) {
    return Api.created(key, "/v1/facts", body);
  }

  @Test
  void anotherAgentsOrChatsFactIsNotFound() {
    String agent = Api.unique("bot");
    String chat = Api.unique("tg");
    long id =
        fact(
            TestKeys.AGENT,
            """
            {"agent":"%s","chat":"%s","subject":"Alice","predicate":"likes","object":"tea"}"""
                .formatted(agent, chat));
    String path = "/v1/facts/" + id + "/invalidate";

    Api.as(TestKeys.AGENT)
        .body("{\"agent\":\"%s\"}".formatted(Api.unique("other")))
        .post(path)
        .then()
        .statusCode(404)
        .body("code", equalTo("fact_not_found"));
    Api.as(TestKeys.AGENT)
        .body("{\"agent\":\"%s\",\"chat\":\"%s\"}".formatted(agent, Api.unique("tg")))
        .post(path)
        .then()
        .statusCode(404)
        .body("code", equalTo("fact_not_found"));
    Api.as(TestKeys.AGENT)
        .body("{\"chat\":\"%s\"}".formatted(chat))
        .post(path)
        .then()
        .statusCode(400);
    Api.as(TestKeys.AGENT)
        .get("/v1/facts?agent=" + agent + "&chat=" + chat)
        .then()
        .statusCode(200)
        .body("items[0].invalidated_at", equalTo(null));

    Api.as(TestKeys.AGENT)
        .body("{\"agent\":\"%s\",\"chat\":\"%s\"}".formatted(agent, chat))
        .post(path)
        .then()
        .statusCode(200)
        .body("invalidated_at", notNullValue());
  }

  @Test
  void aGlobalFactIsEndedByAnAdminKeyOnly() {
    long id =
        fact(
            TestKeys.ADMIN,
            """
            {"agent":"%s","scope":"GLOBAL","subject":"Acme","predicate":"based_in","object":"Oslo"}"""
                .formatted(Api.unique("bot")));
    String path = "/v1/facts/" + id + "/invalidate";
    Api.as(TestKeys.AGENT).body("{}").post(path).then().statusCode(403);
    Api.as(TestKeys.ADMIN).body("{}").post(path).then().statusCode(200);
  }
}
