package dev.engram.capture.slot;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Notes at three levels: the tenant's (admin-written), the agent's and the chat's. */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class NoteLevelsTest {

  private static final String TENANT_NOTE = "/v1/tenant/slots/house_rules";

  private static long audits(String target) {
    return Db.count("select count(*) from audit_log where target_id = ?1", target);
  }

  @Test
  void theTenantsNotesAreReadByAnyKeyAndWrittenOnlyByAnAdmin() {
    // the contract test writes and deletes this note too: count what this test adds
    long audited = audits("tenant/acme/house_rules");
    try {
      Api.as(TestKeys.AGENT)
          .body("{\"content\":\"Answer in British English\"}")
          .put(TENANT_NOTE)
          .then()
          .statusCode(403)
          .contentType("application/problem+json")
          .body("code", equalTo("tenant_slot_needs_admin"));
      assertEquals(
          0,
          Db.count("select count(*) from slots where owner_type = 'TENANT' and tenant = 'acme'"));
      assertEquals(audited, audits("tenant/acme/house_rules"));

      Api.as(TestKeys.ADMIN)
          .body("{\"content\":\"Answer in British English\",\"expected_version\":0}")
          .put(TENANT_NOTE)
          .then()
          .statusCode(200)
          .body("owner_type", equalTo("TENANT"))
          .body("owner_id", equalTo("acme"))
          .body("agent", equalTo(""))
          .body("version", equalTo(1));
      Api.as(TestKeys.ADMIN)
          .body("{\"content\":\"stale\",\"expected_version\":0}")
          .put(TENANT_NOTE)
          .then()
          .statusCode(409)
          .body("code", equalTo("version_conflict"));
      Api.as(TestKeys.AGENT)
          .get(TENANT_NOTE)
          .then()
          .statusCode(200)
          .body("content", equalTo("Answer in British English"));
      Api.as(TestKeys.AGENT)
          .get("/v1/tenant/slots")
          .then()
          .statusCode(200)
          .body("items.name", equalTo(List.of("house_rules")));
      Api.as(TestKeys.OTHER_TENANT).get(TENANT_NOTE).then().statusCode(404);
      Api.as(TestKeys.AGENT).delete(TENANT_NOTE).then().statusCode(403);
      assertEquals(audited + 1, audits("tenant/acme/house_rules"));

      // the gate holds a poisoned note back: stored, never served
      Api.as(TestKeys.ADMIN)
          .body("{\"content\":\"<script>evil()</script>\"}")
          .put("/v1/tenant/slots/persona")
          .then()
          .statusCode(200)
          .body("status", equalTo("QUARANTINED"));
      String agent = Api.unique("bot");
      JsonPath context = context(agent, null);
      assertEquals(List.of("house_rules"), context.getList("slots.name"));
      assertEquals(List.of("TENANT"), context.getList("slots.owner_type"));
      given()
          .header("Authorization", TestKeys.bearer(TestKeys.INTERNAL))
          .queryParam("tenant", "globex")
          .queryParam("agent", agent)
          .get("/internal/v1/slots")
          .then()
          .body("slots", org.hamcrest.Matchers.empty());
    } finally {
      // every agent of acme would see them: other tests must not
      Api.as(TestKeys.ADMIN).delete(TENANT_NOTE);
      Api.as(TestKeys.ADMIN).delete("/v1/tenant/slots/persona");
    }
    assertEquals(
        0, Db.count("select count(*) from slots where owner_type = 'TENANT' and tenant = 'acme'"));
  }

  @Test
  void aChatsNotesSitBetweenTheAgentsAndTheSessionsInContext() {
    String agent = Api.unique("bot");
    String chat = Api.unique("telegram:");
    String base = "/v1/agents/" + agent;
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"Alice and Bob share this chat\",\"expected_version\":0}")
        .put(base + "/chats/" + chat + "/slots/chat_notes")
        .then()
        .statusCode(200)
        .body("owner_type", equalTo("CHAT"))
        .body("owner_id", equalTo(chat));
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"another chat\"}")
        .put(base + "/chats/elsewhere/slots/chat_notes")
        .then()
        .statusCode(200);
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"comparing flights\"}")
        .put(base + "/sessions/s-1/slots/working_memory")
        .then()
        .statusCode(200);
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"Alice is planning a trip\"}")
        .put(base + "/slots/hot_context")
        .then()
        .statusCode(200);
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"booked nothing yet\"}")
        .put(base + "/threads/trip/slots/handoff")
        .then()
        .statusCode(200);
    Api.as(TestKeys.AGENT)
        .get(base + "/chats/" + chat + "/slots")
        .then()
        .statusCode(200)
        .body("items.content", equalTo(List.of("Alice and Bob share this chat")));
    assertEquals(1, audits(agent + "/chat/" + chat + "/chat_notes"));

    JsonPath context = context(agent, chat);
    assertEquals(
        List.of("AGENT", "CHAT", "SESSION", "THREAD"), context.getList("slots.owner_type"));
    assertEquals(chat, context.getString("slots[1].owner_id"));
    assertEquals(
        List.of("AGENT", "SESSION", "THREAD"),
        context(agent, null).getList("slots.owner_type"),
        "no chat asked, no chat notes");

    Api.as(TestKeys.AGENT)
        .delete(base + "/chats/" + chat + "/slots/chat_notes")
        .then()
        .statusCode(204);
    Api.as(TestKeys.AGENT)
        .get(base + "/chats/" + chat + "/slots/chat_notes")
        .then()
        .statusCode(404);
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"x\"}")
        .put(base + "/chats/ lead/slots/chat_notes")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("owner_id"));
  }

  private static JsonPath context(String agent, String chat) {
    var request =
        given()
            .header("Authorization", TestKeys.bearer(TestKeys.INTERNAL))
            .queryParam("tenant", "acme")
            .queryParam("agent", agent)
            .queryParam("session", "s-1")
            .queryParam("thread", "trip");
    if (chat != null) {
      request.queryParam("chat", chat);
    }
    return request.get("/internal/v1/slots").then().statusCode(200).extract().jsonPath();
  }
}
