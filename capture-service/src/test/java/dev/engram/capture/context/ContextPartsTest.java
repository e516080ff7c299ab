package dev.engram.capture.context;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import dev.engram.capture.Turns;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /internal/v1/context-parts}: each part exactly as its own internal endpoint answers
 * it, for the same agent, chat, session and thread; the turns only when asked; bad input refused;
 * nothing of another tenant, agent or chat.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class ContextPartsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static void put(String key, String path, String content) {
    Api.as(key).body("{\"content\":\"" + content + "\"}").put(path).then().statusCode(200);
  }

  /**
   * An agent with slots at every level of its own (the tenant's notes would reach other tests'
   * agents; NoteLevelsTest has them), turns in two modes and two canonical memories.
   */
  private static String seed(String chat) {
    String agent = Api.unique("bot");
    String base = "/v1/agents/" + agent;
    put(TestKeys.AGENT, base + "/slots/hot_context", "Alice is planning a trip to Oslo");
    put(TestKeys.AGENT, base + "/chats/" + chat + "/slots/chat_notes", "Alice and Bob");
    put(TestKeys.AGENT, base + "/sessions/s-1/slots/working_memory", "comparing flights");
    put(TestKeys.AGENT, base + "/threads/trip/slots/handoff", "booked nothing yet");
    new Turns(agent, chat)
        .user("alice", "Bob and I want to fly to Oslo", "2026-05-08T08:00:00Z")
        .say(agent, "assistant", "Shall I compare flights?", "2026-05-08T08:01:00Z")
        .user("bob", "Yes, from London", "2026-05-08T08:02:00Z")
        .post(TestKeys.AGENT);
    Api.as(TestKeys.AGENT)
        .body(
            "{\"exchanges\":[{\"agent\":\""
                + agent
                + "\",\"chat\":\""
                + chat
                + "\",\"speaker\":\"alice\",\"role\":\"user\",\"text\":\"Work: the deck is due"
                + " Friday\",\"occurred_at\":\"2026-05-08T08:03:00Z\",\"mode\":\"work\"}]}")
        .post("/v1/exchanges")
        .then()
        .statusCode(201);
    for (String text : List.of("Alice lives in Porto", "The staging database is osprey")) {
      long id =
          Api.as(TestKeys.AGENT)
              .body(
                  "{\"agent\":\""
                      + agent
                      + "\",\"chat\":\""
                      + chat
                      + "\",\"category\":\"PROFILE\",\"text\":\""
                      + text
                      + "\"}")
              .post("/v1/memories")
              .then()
              .statusCode(201)
              .extract()
              .jsonPath()
              .getLong("id");
      Db.execute("update memories set canonical = true where id = " + id);
    }
    return agent;
  }

  private static RequestSpecification internal(Map<String, String> query) {
    RequestSpecification r = given().header("Authorization", TestKeys.bearer(TestKeys.INTERNAL));
    query.forEach(r::queryParam);
    return r;
  }

  private static JsonNode get(String path, Map<String, String> query) {
    try {
      return JSON.readTree(
          internal(query).get(path).then().statusCode(200).extract().body().asString());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static Map<String, String> query(String... pairs) {
    Map<String, String> q = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      if (pairs[i + 1] != null) {
        q.put(pairs[i], pairs[i + 1]);
      }
    }
    return q;
  }

  /** The one request's answer against the three endpoints' answers for the same parameters. */
  private static JsonNode sameAsEachEndpoint(
      String tenant, String agent, String chat, String limit, String mode) {
    JsonNode parts =
        get(
            "/internal/v1/context-parts",
            query(
                "tenant", tenant, "agent", agent, "chat", chat, "session", "s-1", "thread", "trip",
                "limit", limit, "mode", mode));
    assertEquals(
        get(
                "/internal/v1/slots",
                query(
                    "tenant", tenant, "agent", agent, "chat", chat, "session", "s-1", "thread",
                    "trip"))
            .get("slots"),
        parts.get("slots"));
    assertEquals(
        get("/internal/v1/canonical", query("tenant", tenant, "agent", agent, "chat", chat))
            .get("memories"),
        parts.get("canonical"));
    if (limit == null) {
      assertTrue(parts.get("recent").isNull(), "no turns asked: " + parts);
    } else {
      assertEquals(
          get(
              "/internal/v1/exchanges/recent",
              query("tenant", tenant, "agent", agent, "chat", chat, "limit", limit, "mode", mode)),
          parts.get("recent"));
    }
    return parts;
  }

  @Test
  void eachPartIsWhatItsOwnEndpointAnswers() {
    String chat = Api.unique("chat");
    String agent = seed(chat);
    JsonNode all = sameAsEachEndpoint("acme", agent, chat, "2", null);
    assertEquals(2, all.get("recent").get("turns").size());
    assertTrue(all.get("recent").get("more").asBoolean());
    assertEquals(2, all.get("canonical").size());
    List<String> owners = all.get("slots").findValuesAsText("owner_type");
    assertTrue(
        owners.containsAll(List.of("AGENT", "CHAT", "SESSION", "THREAD")), owners.toString());
    JsonNode work = sameAsEachEndpoint("acme", agent, chat, "10", "work");
    assertEquals(4, work.get("recent").get("turns").size());
    JsonNode other = sameAsEachEndpoint("acme", agent, chat, "10", "home");
    assertEquals(3, other.get("recent").get("turns").size(), "another mode's turn left out");
    sameAsEachEndpoint("acme", agent, chat, null, null);
    sameAsEachEndpoint("acme", agent, null, null, null);
  }

  @Test
  void anotherTenantAgentOrChatGetsNoneOfIt() {
    String chat = Api.unique("chat");
    String agent = seed(chat);
    JsonNode tenant = sameAsEachEndpoint("globex", agent, chat, "10", null);
    assertEquals(0, tenant.get("slots").size());
    assertEquals(0, tenant.get("recent").get("turns").size());
    assertEquals(0, tenant.get("canonical").size());
    JsonNode otherAgent = sameAsEachEndpoint("acme", Api.unique("bot"), chat, "10", null);
    assertTrue(
        otherAgent.get("slots").findValuesAsText("owner_type").stream().allMatch("TENANT"::equals),
        "at most the tenant's notes: " + otherAgent);
    assertEquals(0, otherAgent.get("recent").get("turns").size());
    assertEquals(0, otherAgent.get("canonical").size());
    JsonNode otherChat = sameAsEachEndpoint("acme", agent, Api.unique("chat"), "10", null);
    assertTrue(
        !otherChat.get("slots").findValuesAsText("owner_type").contains("CHAT"),
        otherChat.toString());
    assertEquals(0, otherChat.get("recent").get("turns").size());
    assertEquals(0, otherChat.get("canonical").size(), "both were CHAT memories");
  }

  @Test
  void badQueriesAreRefusedNamingTheField() {
    Map<String, String> ok = query("tenant", "acme", "agent", "bot", "chat", "c");
    for (var bad :
        List.of(
            Map.entry("tenant", query("agent", "bot")),
            Map.entry("agent", query("tenant", "acme", "agent", " ")),
            Map.entry("limit", withParam(ok, "limit", "0")),
            Map.entry("limit", withParam(ok, "limit", "101")),
            Map.entry("limit", withParam(ok, "limit", "ten")),
            Map.entry("chat", query("tenant", "acme", "agent", "bot", "limit", "3")),
            Map.entry("mode", withParam(ok, "mode", "Work!")))) {
      internal(bad.getValue())
          .get("/internal/v1/context-parts")
          .then()
          .statusCode(400)
          .contentType("application/problem+json")
          .body("errors[0].field", equalTo(bad.getKey()));
    }
    var admin = Api.as(TestKeys.ADMIN);
    ok.forEach(admin::queryParam);
    admin.get("/internal/v1/context-parts").then().statusCode(403);
  }

  private static Map<String, String> withParam(Map<String, String> q, String name, String value) {
    Map<String, String> more = new LinkedHashMap<>(q);
    more.put(name, value);
    return more;
  }
}
