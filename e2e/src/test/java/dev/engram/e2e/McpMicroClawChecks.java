package dev.engram.e2e;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.contracts.fixtures.ToolAnswer;
import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import dev.engram.launcher.SuiteBuilder;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * MicroClaw's MCP memory backend contract (../shared/contracts/microclaw-mcp.md) replayed against
 * the packaged suite: every op with MicroClaw's own payloads, through the MCP Java SDK client at
 * protocol 2024-11-05, with the record checked over capture-service's REST API, and tenant and chat
 * isolation.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class McpMicroClawChecks {

  static final String GATEWAY_KEY = Keys.random();
  static final String OTHER_TENANT_KEY = Keys.random();
  static final String GATEWAY_KEY_ID = "e2e-microclaw:local:agent";
  static final String OTHER_TENANT_KEY_ID = "e2e-globex:globex:agent";

  TestSuite started;
  Suite suite;

  /** Sets {@link #started} and {@link #suite}. */
  @BeforeAll
  abstract void startTheSuite() throws IOException;

  /** The gateway's key (tenant local) and another tenant's. */
  static SuiteBuilder gatewayKeys(SuiteBuilder builder) {
    return builder.extraKeys(
        List.of(
            GATEWAY_KEY_ID + ":" + Keys.sha256(GATEWAY_KEY),
            OTHER_TENANT_KEY_ID + ":" + Keys.sha256(OTHER_TENANT_KEY)));
  }

  /** Where gateways send MCP (its {@code /mcp}): recall-service itself. */
  String mcpBase() {
    return suite.url(Component.RECALL);
  }

  @AfterAll
  void stopTheSuite() throws IOException {}

  private McpMicroClaw gateway(String key) {
    McpMicroClaw gateway = new McpMicroClaw(mcpBase(), key);
    assertEquals("2024-11-05", gateway.initialize().protocolVersion());
    return gateway;
  }

  private static List<Long> ids(JsonNode rows) {
    List<Long> ids = new ArrayList<>();
    rows.forEach(r -> ids.add(r.get("id").asLong()));
    return ids;
  }

  private static long id(JsonNode answer) {
    assertTrue(answer.get("id").isIntegralNumber(), answer.toString());
    return answer.get("id").asLong();
  }

  @Test
  void everyOpOfTheContractWorksWithMicroClawsPayloads() {
    try (McpMicroClaw claw = gateway(GATEWAY_KEY)) {
      assertTrue(claw.toolNames().containsAll(List.of("memory_query", "memory_upsert")));
      // start-up probe
      assertTrue(claw.ok("memory_query", "{\"op\":\"list\",\"chat_id\":null}").isArray());

      long rust =
          id(
              claw.ok(
                  "memory_upsert",
                  """
                  {"op":"insert","chat_id":42,"content":"User prefers Rust code examples",\
                  "category":"KNOWLEDGE","source":"explicit","confidence":0.95}"""));
      long global =
          id(
              claw.ok(
                  "memory_upsert",
                  """
                  {"op":"insert","chat_id":null,"content":"The team ships on Fridays",\
                  "category":"KNOWLEDGE","source":"write_memory_tool","confidence":0.85}"""));
      long other =
          id(
              claw.ok(
                  "memory_upsert",
                  """
                  {"op":"insert","chat_id":43,"content":"Chat 43 likes Rust macros",\
                  "category":"PROFILE","source":"reflector","confidence":0.68}"""));

      // The record holds them as the gateway's agent, chat microclaw:<n>, via the REST API.
      JsonPath stored =
          SuiteRequests.as(suite, GATEWAY_KEY, Component.CAPTURE)
              .get("/v1/memories/" + rust)
              .then()
              .statusCode(200)
              .extract()
              .jsonPath();
      assertEquals("microclaw", stored.getString("agent"));
      assertEquals("microclaw:42", stored.getString("chat"));
      assertEquals("explicit", stored.getString("source"));

      assertEquals(List.of(rust), ids(claw.ok("memory_query", "{\"op\":\"list\",\"chat_id\":42}")));
      assertEquals(
          List.of(global), ids(claw.ok("memory_query", "{\"op\":\"list\",\"chat_id\":null}")));
      List<Long> context =
          ids(claw.ok("memory_query", "{\"op\":\"context\",\"chat_id\":42,\"limit\":100}"));
      assertEquals(List.of(global, rust), context);
      assertFalse(context.contains(other), "context for chat 42 shows chat 43's row");
      assertEquals(
          List.of(rust),
          ids(
              claw.ok(
                  "memory_query",
                  """
                  {"op":"search","chat_id":42,"query":"rust","limit":10,\
                  "include_archived":false,"broad_recall":true}""")));
      JsonNode row = claw.ok("memory_query", "{\"op\":\"get\",\"id\":" + rust + "}");
      assertEquals(42, row.get("chat_id").asLong());
      assertEquals("User prefers Rust code examples", row.get("content").asText());

      assertEquals(
          "{\"updated\":true}",
          claw.call(
                  "memory_upsert",
                  """
                  {"op":"update","id":%d,"content":"User prefers Rust and Zig code examples",\
                  "category":"PROFILE","source":"tool","confidence":0.8}"""
                      .formatted(rust))
              .text());
      assertEquals(
          "{\"updated\":true}",
          claw.call(
                  "memory_upsert",
                  "{\"op\":\"touch\",\"id\":%d,\"confidence_floor\":0.55}".formatted(rust))
              .text());
      assertEquals(
          "{\"updated\":true}",
          claw.call(
                  "memory_upsert",
                  "{\"op\":\"touch\",\"id\":%d,\"confidence_floor\":null}".formatted(rust))
              .text());
      long next =
          id(
              claw.ok(
                  "memory_upsert",
                  """
                  {"op":"supersede","from_memory_id":%d,"content":"User prefers Zig code examples",\
                  "category":"KNOWLEDGE","source":"explicit_conflict","confidence":0.95,\
                  "reason":"explicit_topic_conflict"}"""
                      .formatted(rust)));
      assertEquals(
          42,
          claw.ok("memory_query", "{\"op\":\"get\",\"id\":" + next + "}").get("chat_id").asLong());
      JsonNode old = claw.ok("memory_query", "{\"op\":\"get\",\"id\":" + rust + "}");
      assertTrue(old.get("is_archived").asBoolean());
      assertEquals(
          "{\"updated\":true}",
          claw.call("memory_upsert", "{\"op\":\"archive\",\"id\":" + global + "}").text());
      JsonNode listed = claw.ok("memory_query", "{\"op\":\"list\",\"chat_id\":null}");
      assertTrue(listed.get(0).get("is_archived").asBoolean(), "list shows archived rows, flagged");
      assertEquals(
          List.of(next),
          ids(claw.ok("memory_query", "{\"op\":\"context\",\"chat_id\":42,\"limit\":100}")));
      // Unknown ids: false / [] / an error only for supersede.
      assertEquals("[]", claw.call("memory_query", "{\"op\":\"get\",\"id\":987654321}").text());
      assertEquals(
          "{\"updated\":false}",
          claw.call("memory_upsert", "{\"op\":\"archive\",\"id\":987654321}").text());
      ToolAnswer unknown =
          claw.call(
              "memory_upsert",
              "{\"op\":\"supersede\",\"from_memory_id\":987654321,\"content\":\"x\",\"reason\":null}");
      assertTrue(unknown.isError() && unknown.text().contains("no memory with id 987654321"));
      ToolAnswer bad = claw.call("memory_query", "{\"op\":\"drop_all\"}");
      assertTrue(bad.isError() && bad.text().contains("unsupported op"), bad.text());

      // Another tenant: the same ids are unknown, its chat 42 is its own.
      try (McpMicroClaw globex = gateway(OTHER_TENANT_KEY)) {
        assertEquals(
            "[]", globex.call("memory_query", "{\"op\":\"get\",\"id\":" + next + "}").text());
        assertEquals(
            "{\"updated\":false}",
            globex
                .call(
                    "memory_upsert",
                    "{\"op\":\"touch\",\"id\":%d,\"confidence_floor\":0.9}".formatted(next))
                .text());
        assertEquals("[]", globex.call("memory_query", "{\"op\":\"list\",\"chat_id\":42}").text());
      }
    }
  }

  @Test
  void engramsOwnToolsRememberRecallAndForgetAgainstTheRealSuite() {
    String recall =
        "{\"agent\":\"e2e-own\",\"chat\":\"c1\",\"query\":\"Where does Alice live?\",\"k\":5}";
    try (McpMicroClaw agent = gateway(GATEWAY_KEY);
        McpMicroClaw stranger = gateway(OTHER_TENANT_KEY)) {
      long id =
          agent
              .ok(
                  "remember",
                  "{\"agent\":\"e2e-own\",\"chat\":\"c1\",\"category\":\"PROFILE\","
                      + "\"text\":\"Alice moved to Lisbon in 2024\"}")
              .get("id")
              .asLong();
      await()
          .atMost(Duration.ofSeconds(60))
          .untilAsserted(
              () -> assertTrue(agent.ok("recall", recall).toString().contains("Lisbon")));
      assertFalse(
          stranger.ok("recall", recall).toString().contains("Lisbon"),
          "another tenant never recalls it");
      assertTrue(agent.call("forget", "{\"agent\":\"e2e-own\",\"id\":\"x\"}").isError());
      assertTrue(
          agent
              .ok("forget", "{\"agent\":\"e2e-own\",\"id\":" + id + "}")
              .get("deleted")
              .asBoolean());
      await()
          .atMost(Duration.ofSeconds(60))
          .untilAsserted(
              () -> assertFalse(agent.ok("recall", recall).toString().contains("Lisbon")));
    }
  }

  @Test
  void noKeyOrAWrongKeyIsRefusedWith401() {
    for (String authorization : new String[] {null, "Bearer " + Keys.random()}) {
      var request =
          given()
              .baseUri(mcpBase())
              .contentType("application/json")
              .accept("application/json, text/event-stream")
              .body(
                  """
                  {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":\
                  "2024-11-05","capabilities":{},"clientInfo":{"name":"microclaw","version":"0"}}}""");
      if (authorization != null) {
        request = request.header("Authorization", authorization);
      }
      request.post("/mcp").then().statusCode(401);
    }
  }
}
