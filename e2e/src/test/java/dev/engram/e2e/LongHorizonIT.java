package dev.engram.e2e;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.contracts.fixtures.ToolAnswer;
import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 17's long horizon on the packaged suite: modes keep a work recall and context free of the
 * roleplay (REST and MCP), recall and context count usage, what was seen on three days in two
 * sessions is proposed, decided by a human only and then canonical (never deleted, first in the
 * identity layer), and the Reflector writes a day summary that expands to its turns.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LongHorizonIT {

  private static final String AGENT_ONLY_KEY = Keys.random();
  private static final Duration INDEXED = Duration.ofSeconds(60);

  private TestSuite started;
  private Suite suite;
  private String admin;

  @BeforeAll
  void startTheSuite() throws IOException {
    started =
        TestSuite.start(
            "e2e-long",
            b ->
                b.extraKeys(List.of("e2e-lh-agent:local:agent:" + Keys.sha256(AGENT_ONLY_KEY)))
                    .env(
                        Map.of(
                            // in case summaries are still off by default
                            "ENGRAM_CAPTURE_REFLECTOR_SUMMARIES_ENABLED", "true",
                            // the test triggers the Reflector and the candidate pass itself
                            "ENGRAM_CAPTURE_REFLECTOR_INTERVAL", "off",
                            "ENGRAM_CAPTURE_PROMOTION_INTERVAL", "off",
                            "ENGRAM_RECALL_USAGE_FLUSH_INTERVAL", "1s")));
    suite = started.suite;
    admin = suite.adminKey();
  }

  @AfterAll
  void stopTheSuite() throws IOException {
    if (started != null) {
      started.close();
    }
  }

  private RequestSpecification as(String key, Component service) {
    return SuiteRequests.as(suite, key, service);
  }

  @Test
  void aWorkRecallAndContextNeverShowTheRoleplay() {
    String chat = "lh:modes";
    String now = Instant.now().minus(1, ChronoUnit.MINUTES).toString();
    long workTurn =
        turn(chat, null, "The quarterly budget review with finance is on Thursday", now, "work");
    long playTurn =
        turn(chat, null, "The dragon Vermithrax guards the crystal gate", now, "roleplay");
    long work = memory(chat, "Budget reviews with finance happen every quarter", "work", null);
    long play =
        memory(chat, "Vermithrax the dragon hoards crystals under the gate", "roleplay", null);
    indexed()
        .until(
            () ->
                recalled(chat, "Vermithrax dragon crystal gate", null)
                    .containsAll(List.of("memory:" + play, "exchange:" + playTurn)));
    indexed()
        .until(
            () ->
                recalled(chat, "quarterly budget review finance", null)
                    .containsAll(List.of("memory:" + work, "exchange:" + workTurn)));

    List<String> workView = recalled(chat, "Vermithrax dragon crystal gate budget", "work");
    assertFalse(
        workView.contains("memory:" + play) || workView.contains("exchange:" + playTurn),
        workView.toString());
    assertTrue(recalled(chat, "quarterly budget review", "work").contains("memory:" + work));

    JsonPath workContext = context(chat, "the dragon Vermithrax and the budget", "work");
    assertFalse(
        workContext.getString("text").contains("Vermithrax"), workContext.getString("text"));
    List<Long> shown = contextIds(workContext);
    assertFalse(shown.contains(play) || shown.contains(playTurn), shown.toString());
    assertTrue(shown.contains(work), shown.toString());
    // The same question in the roleplay mode does see it: the filter, not the question, hid it.
    assertTrue(
        context(chat, "the dragon Vermithrax", "roleplay")
            .getString("text")
            .contains("Vermithrax"));

    // Usage is counted asynchronously: recall surfaced the work memory, context used it.
    indexed()
        .until(
            () -> {
              JsonPath m = as(admin, Component.CAPTURE).get("/v1/memories/" + work).jsonPath();
              return m.getLong("times_surfaced") >= 2 && m.getString("last_used") != null;
            });
  }

  @Test
  void seenOnThreeDaysInTwoSessionsItBecomesCanonicalOnlyThroughAnAdmin() {
    String chat = "lh:promotion";
    List<Long> turns =
        List.of(
            turn(
                chat,
                "s-one",
                "Ann says the Farol da Barra is her lighthouse",
                "2026-03-02T10:00:00Z",
                null),
            turn(
                chat,
                "s-one",
                "Ann went back to the Farol da Barra again",
                "2026-03-09T10:00:00Z",
                null),
            turn(
                chat,
                "s-two",
                "Ann painted the Farol da Barra once more",
                "2026-03-16T10:00:00Z",
                null));
    long memory = memory(chat, "Ann's favourite lighthouse is the Farol da Barra", null, turns);

    as(AGENT_ONLY_KEY, Component.CAPTURE).post("/v1/promotions/scan").then().statusCode(403);
    as(admin, Component.CAPTURE).post("/v1/promotions/scan").then().statusCode(200);
    Map<String, Object> proposal = proposal(memory);
    assertEquals("IDENTITY", proposal.get("kind"));
    assertEquals("PENDING", proposal.get("status"));
    assertEquals(3, proposal.get("days"));
    assertEquals(2, proposal.get("sessions"));
    long id = ((Number) proposal.get("id")).longValue();

    as(AGENT_ONLY_KEY, Component.CAPTURE)
        .body("{}")
        .post("/v1/promotions/" + id + "/approve")
        .then()
        .statusCode(403);
    as(admin, Component.CAPTURE)
        .get("/v1/memories/" + memory)
        .then()
        .body("canonical", equalTo(false));
    as(admin, Component.CAPTURE)
        .body("{\"reason\":\"true for weeks\"}")
        .post("/v1/promotions/" + id + "/approve")
        .then()
        .statusCode(200)
        .body("status", equalTo("APPROVED"));
    as(admin, Component.CAPTURE)
        .get("/v1/memories/" + memory)
        .then()
        .body("canonical", equalTo(true));
    as(admin, Component.CAPTURE)
        .delete("/v1/memories/" + memory)
        .then()
        .statusCode(409)
        .body("code", equalTo("canonical_memory"));
    as(admin, Component.CAPTURE)
        .body("{\"text\":\"Ann dislikes lighthouses\"}")
        .patch("/v1/memories/" + memory)
        .then()
        .statusCode(409)
        .body("code", equalTo("canonical_memory"));
    indexed()
        .until(() -> firstOfIdentity(context(chat, "where does Ann like to go?", null)) == memory);

    // The MCP tool that forgets memories meets the same guard.
    try (McpMicroClaw mcp = mcp()) {
      ToolAnswer forget = mcp.call("forget", "{\"agent\":\"bot\",\"id\":" + memory + "}");
      assertTrue(forget.isError() && forget.text().contains("canonical"), forget.text());
    }
    as(admin, Component.CAPTURE).get("/v1/memories/" + memory).then().statusCode(200);
  }

  @Test
  void theReflectorSummarizesADayThatExpandsToItsTurns() {
    String chat = "lh:days";
    List<String> days = List.of("2026-02-02", "2026-02-03", "2026-02-04");
    for (String day : days) {
      turn(
          chat,
          "d-" + day,
          "We planned the garden beds and bought tomato seedlings today",
          day + "T09:00:00Z",
          null);
      turn(
          chat,
          "d-" + day,
          "The tomato seedlings need watering every single morning",
          day + "T09:05:00Z",
          null);
      turn(
          chat,
          "d-" + day,
          "Next we will build a fence around the vegetable garden",
          day + "T09:10:00Z",
          null);
    }
    as(admin, Component.CAPTURE)
        .queryParam("agent", "bot")
        .queryParam("chat", chat)
        .post("/v1/reflector/run")
        .then()
        .statusCode(200);
    List<Map<String, Object>> summaries =
        as(admin, Component.CAPTURE)
            .queryParam("agent", "bot")
            .queryParam("chat", chat)
            .queryParam("category", "SUMMARY")
            .queryParam("limit", 100)
            .get("/v1/memories")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getList("items");
    Map<String, Object> day =
        summaries.stream()
            .filter(s -> "day".equals(((Map<?, ?>) s.get("metadata")).get("level")))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no day summary in " + summaries));
    JsonPath children =
        as(admin, Component.CAPTURE)
            .get("/v1/memories/" + day.get("id") + "/children")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertEquals(3, children.getList("exchanges").size(), children.prettify());
  }

  @Test
  void overMcpRememberTakesAModeAndTheWorkToolsNeverSeeTheRoleplay() {
    String chat = "lh:mcp";
    try (McpMicroClaw mcp = mcp()) {
      JsonNode play =
          mcp.ok(
              "remember",
              "{\"agent\":\"bot\",\"chat\":\""
                  + chat
                  + "\",\"text\":\"The wizard Morgath lives in the obsidian tower\",\"mode\":\"roleplay\"}");
      assertEquals("roleplay", play.get("mode").asText());
      long roleplay = play.get("id").asLong();
      long work =
          mcp.ok(
                  "remember",
                  "{\"agent\":\"bot\",\"chat\":\""
                      + chat
                      + "\",\"text\":\"The sprint demo for the obsidian release is on Friday\",\"mode\":\"work\"}")
              .get("id")
              .asLong();
      assertTrue(
          mcp.call("remember", "{\"agent\":\"bot\",\"text\":\"x\",\"mode\":\"Role Play\"}")
              .isError());
      indexed().until(() -> mcpRecalled(mcp, chat, null).containsAll(List.of(roleplay, work)));

      List<Long> workView = mcpRecalled(mcp, chat, "work");
      assertTrue(workView.contains(work) && !workView.contains(roleplay), workView.toString());
      String workText = mcpContext(mcp, chat, "work");
      assertFalse(workText.contains("Morgath"), workText);
      assertTrue(mcpContext(mcp, chat, "roleplay").contains("Morgath"));
    }
  }

  /** Polled once a second: the recall budget of the key stays far from empty. */
  private static ConditionFactory indexed() {
    return await().atMost(INDEXED).pollInterval(Duration.ofSeconds(1));
  }

  private McpMicroClaw mcp() {
    McpMicroClaw mcp = new McpMicroClaw(suite.url(Component.RECALL), admin);
    mcp.initialize();
    return mcp;
  }

  private static List<Long> mcpRecalled(McpMicroClaw mcp, String chat, String mode) {
    String args =
        "{\"agent\":\"bot\",\"chat\":\""
            + chat
            + "\",\"query\":\"wizard Morgath obsidian tower sprint demo\",\"k\":20"
            + (mode == null ? "" : ",\"mode\":\"" + mode + "\"")
            + "}";
    List<Long> ids = new ArrayList<>();
    mcp.ok("recall", args).path("items").forEach(i -> ids.add(i.path("id").asLong()));
    return ids;
  }

  private static String mcpContext(McpMicroClaw mcp, String chat, String mode) {
    String args =
        "{\"agent\":\"bot\",\"chat\":\""
            + chat
            + "\",\"query\":\"who is the wizard Morgath?\",\"budget_tokens\":2000,\"mode\":\""
            + mode
            + "\"}";
    return mcp.ok("context", args).path("text").asText();
  }

  /** One turn of user Ann; its id. */
  private long turn(String chat, String session, String text, String at, String mode) {
    Map<String, Object> turn = new HashMap<>();
    turn.putAll(
        Map.of(
            "agent",
            "bot",
            "chat",
            chat,
            "speaker",
            "Ann",
            "role",
            "user",
            "text",
            text,
            "occurred_at",
            at));
    if (session != null) {
      turn.put("session", session);
    }
    if (mode != null) {
      turn.put("mode", mode);
    }
    return SuiteRequests.exchange(suite, admin, turn);
  }

  /** A PROFILE memory of agent bot (all its chats) drawn from {@code turns}; its id. */
  private long memory(String chat, String text, String mode, List<Long> turns) {
    Map<String, Object> body = new HashMap<>();
    body.putAll(
        Map.of(
            "agent",
            "bot",
            "chat",
            chat,
            "scope",
            "CHAT",
            "category",
            "PROFILE",
            "confidence",
            0.9,
            "text",
            text));
    if (mode != null) {
      body.put("mode", mode);
    }
    if (turns != null) {
      body.put("provenance", Map.of("exchange_ids", turns));
    }
    return as(admin, Component.CAPTURE)
        .body(body)
        .post("/v1/memories")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath()
        .getLong("id");
  }

  /** What a recall returns, as kind:id (memories and exchanges number apart). */
  private List<String> recalled(String chat, String query, String mode) {
    Map<String, Object> body =
        new HashMap<>(Map.of("agent", "bot", "chat", chat, "query", query, "k", 20));
    if (mode != null) {
      body.put("mode", mode);
    }
    JsonPath answer =
        as(admin, Component.RECALL)
            .body(body)
            .post("/v1/recall")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    return SuiteRequests.itemKeys(answer);
  }

  private JsonPath context(String chat, String query, String mode) {
    Map<String, Object> body =
        new HashMap<>(
            Map.of(
                "agent",
                "bot",
                "chat",
                chat,
                "query",
                query,
                "budget_tokens",
                2000,
                "recent_turns",
                10));
    if (mode != null) {
      body.put("mode", mode);
    }
    return as(admin, Component.RECALL)
        .body(body)
        .post("/v1/context")
        .then()
        .statusCode(200)
        .extract()
        .jsonPath();
  }

  /** Every item id the context's sections show (memories and turns alike). */
  private static List<Long> contextIds(JsonPath context) {
    List<Long> ids = new ArrayList<>();
    for (Object id : context.getList("sections.items.flatten().id")) {
      ids.add(((Number) id).longValue());
    }
    return ids;
  }

  /** The first memory of the identity layer, or -1. */
  private static long firstOfIdentity(JsonPath context) {
    List<Object> ids = context.getList("sections.find { it.name == 'identity' }?.items?.id");
    return ids == null || ids.isEmpty() ? -1 : ((Number) ids.getFirst()).longValue();
  }

  private Map<String, Object> proposal(long memory) {
    List<Map<String, Object>> items =
        as(admin, Component.CAPTURE)
            .get("/v1/promotions?limit=200")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getList("items");
    return items.stream()
        .filter(
            p ->
                "memory".equals(p.get("target_type"))
                    && ((Number) p.get("target_id")).longValue() == memory)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no proposal for memory " + memory + ": " + items));
  }
}
