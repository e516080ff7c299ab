package dev.engram.recall.session;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.INTERNAL_KEY;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static dev.engram.recall.IndexFixture.with;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.recall.RecallTestResources;
import dev.engram.recall.ServiceStub;
import dev.engram.recall.injection.InjectionLog;
import dev.engram.recall.injection.InjectionRecord;
import dev.engram.recall.mcp.McpTestResources;
import dev.engram.recall.mcp.SessionsStandIn;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /v1/sessions/start}: the session recorded through capture-service with the caller's
 * key, then its warm-start context (handoff, checkpoint, recent turns, profile, what the first
 * message asks about); capture down is a 503 and bad input a 400, with nothing else done.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@QuarkusTestResource(McpTestResources.class)
class SessionResourceTest {

  static final String SLOTS =
      "{\"slots\":["
          + "{\"owner_type\":\"SESSION\",\"owner_id\":\"s-1\",\"name\":\"checkpoint\","
          + "\"content\":\"Compared three flights; Alice wants the cheapest.\",\"tokens\":9,"
          + "\"version\":1,\"updated_at\":\"2026-05-08T13:00:00Z\"},"
          + "{\"owner_type\":\"THREAD\",\"owner_id\":\"proj-x\",\"name\":\"handoff\","
          + "\"content\":\"Open: send Alice the flight options.\",\"tokens\":7,\"version\":2,"
          + "\"updated_at\":\"2026-05-08T13:00:00Z\"}]}";
  static final String TURNS =
      "{\"turns\":[{\"id\":77,\"speaker\":\"alice\",\"role\":\"user\","
          + "\"text\":\"Any news on the flights?\",\"occurred_at\":\"2026-05-08T13:55:00Z\","
          + "\"thread\":\"proj-x\",\"session\":\"s-1\"}],\"more\":false}";

  private final SessionsStandIn sessions = McpTestResources.sessions();

  @Inject InjectionLog injections;

  @BeforeEach
  void setUp() {
    index(reset("t1"));
    index(
        upsert(
            with(
                memory("t1", 1, "bot1", "telegram:9", "Alice is vegetarian"),
                "category",
                "PROFILE")),
        upsert(memory("t1", 2, "bot1", null, "The office plant is a ficus named Fred.")));
    stubs().forEach(ServiceStub::reset);
    sessions.reset();
    RecallTestResources.slots().answer(r -> SLOTS);
    RecallTestResources.recentTurns().answer(r -> TURNS);
  }

  @AfterEach
  void tearDown() {
    stubs().forEach(ServiceStub::reset);
    sessions.reset();
  }

  private static List<ServiceStub> stubs() {
    return List.of(
        RecallTestResources.slots(),
        RecallTestResources.recentTurns(),
        RecallTestResources.currentFacts());
  }

  @Test
  void theSessionIsRecordedAndAnsweredWithItsWarmStartContext() {
    JsonPath json =
        start(
                Map.of(
                    "chat", "telegram:9",
                    "thread", "proj-x",
                    "first_message", "What is the plant in the office called?"),
                1_000)
            .statusCode(200)
            .body("session.agent", equalTo("bot1"))
            .body("session.chat", equalTo("telegram:9"))
            .body("session.thread", equalTo("proj-x"))
            .body("context.budget_tokens", equalTo(1_000))
            .extract()
            .jsonPath();
    String id = json.getString("session.session");
    assertTrue(id.startsWith("s-"), id);

    SessionsStandIn.Call recorded = sessions.calls().getLast();
    assertEquals("POST /v1/sessions", recorded.method() + " " + recorded.path());
    assertEquals("Bearer " + AGENT_T1_KEY, recorded.authorization(), "the caller's key");
    assertEquals(
        "What is the plant in the office called?", recorded.body().get("first_message").asText());
    assertEquals("telegram:9", recorded.body().get("chat").asText());

    var slotsAsked = ServiceStub.query(RecallTestResources.slots().received().getLast().query());
    assertEquals(id, slotsAsked.get("session"), "context for the session capture recorded");
    assertEquals("proj-x", slotsAsked.get("thread"));

    String text = json.getString("context.text");
    assertTrue(text.contains("## Where this thread left off\n> Open: send Alice the flight"), text);
    assertTrue(text.contains("Compared three flights"), "the checkpoint: " + text);
    assertTrue(text.contains("- alice: \"Any news on the flights?\""), "recent turns: " + text);
    assertTrue(text.contains("Alice is vegetarian"), "profile: " + text);
    assertTrue(text.contains("ficus named Fred"), "relevant to the first message: " + text);
    assertTrue(json.getInt("context.tokens") <= 1_000);
  }

  @Test
  void aSessionStartLeavesItsInjectionRecord() {
    injections.drain(Integer.MAX_VALUE);
    String id =
        start(Map.of("chat", "telegram:9", "first_message", "the office plant?"), 1_000)
            .statusCode(200)
            .extract()
            .jsonPath()
            .getString("session.session");
    List<InjectionRecord> told = injections.drain(Integer.MAX_VALUE);
    assertEquals(1, told.size());
    InjectionRecord record = told.getFirst();
    assertEquals(InjectionRecord.SESSION_START, record.kind());
    assertEquals("t1", record.tenant());
    assertEquals(id, record.sessionId());
    assertEquals("telegram:9", record.chat());
    assertTrue(
        record.sections().stream()
            .flatMap(s -> s.items().stream())
            .anyMatch(i -> i.ref().equals("slot:handoff")),
        record.toString());
    sessions.status(503);
    start(Map.of("chat", "telegram:9"), 1_000).statusCode(503);
    assertEquals(List.of(), injections.drain(Integer.MAX_VALUE), "nothing told, nothing recorded");
  }

  @Test
  void aModeKeepsOtherModesOutOfTheWarmStart() {
    index(
        upsert(
            with(
                memory("t1", 3, "bot1", "telegram:9", "The office plant is secretly a dragon"),
                "mode",
                "roleplay")));
    String question = "What is the plant in the office called?";
    String all =
        start(Map.of("chat", "telegram:9", "first_message", question), 1_000)
            .statusCode(200)
            .extract()
            .path("context.text");
    assertTrue(all.contains("secretly a dragon"), "without a mode, every mode: " + all);
    String work =
        start(Map.of("chat", "telegram:9", "first_message", question, "mode", "work"), 1_000)
            .statusCode(200)
            .extract()
            .path("context.text");
    assertTrue(work.contains("ficus named Fred"), "untagged stays: " + work);
    assertFalse(work.contains("dragon"), "roleplay stays out of work: " + work);
    start(Map.of("mode", "Work!"), 100).statusCode(400).body("errors.field", hasItem("mode"));
  }

  @Test
  void aRetryOfTheSameIdIsTheSameSessionAndAnotherChatIsAConflict() {
    Map<String, Object> body = Map.of("session", "s-fixed", "chat", "telegram:9");
    start(body, 300).statusCode(200).body("session.session", equalTo("s-fixed"));
    start(body, 300).statusCode(200).body("session.session", equalTo("s-fixed"));
    start(Map.of("session", "s-fixed", "chat", "telegram:10"), 300)
        .statusCode(409)
        .contentType("application/problem+json")
        .body("code", equalTo("conflict"));
  }

  @Test
  void captureDownIsA503AndNothingElseIsDone() {
    sessions.status(503);
    start(Map.of("chat", "telegram:9"), 500)
        .statusCode(503)
        .contentType("application/problem+json")
        .body("code", equalTo("unavailable"));
    assertEquals(List.of(), RecallTestResources.slots().received(), "no context assembled");
  }

  @Test
  void badInputIsA400AndNothingIsRecorded() {
    post(AGENT_T1_KEY, Map.of("agent", "bot1"))
        .statusCode(400)
        .body("errors.field", hasItem("budget_tokens"));
    start(Map.of("chat", ""), 100).statusCode(400).body("errors.field", hasItem("chat"));
    start(Map.of("colour", "red"), 100)
        .statusCode(400)
        .body("errors.rule", hasItem("unknown_field"));
    start(Map.of("first_message", "x".repeat(40_000)), 100)
        .statusCode(400)
        .body("errors.field", hasItem("first_message"));
    assertEquals(List.of(), sessions.calls(), "nothing recorded");
    post(INTERNAL_KEY, Map.of("agent", "bot1", "budget_tokens", 10)).statusCode(403);
  }

  private static ValidatableResponse start(Map<String, Object> extra, int budget) {
    Map<String, Object> body = new HashMap<>(extra);
    body.put("agent", "bot1");
    body.put("budget_tokens", budget);
    return post(AGENT_T1_KEY, body);
  }

  private static ValidatableResponse post(String key, Object body) {
    return given()
        .header("Authorization", "Bearer " + key)
        .contentType(ContentType.JSON)
        .body(body)
        .when()
        .post("/v1/sessions/start")
        .then();
  }
}
