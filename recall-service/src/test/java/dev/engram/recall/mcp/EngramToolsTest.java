package dev.engram.recall.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.contracts.fixtures.ToolAnswer;
import dev.engram.recall.RecallTestResources;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Engram's own write and record tools (remember, forget, slots, stats, entity_timeline) through the
 * MCP Java SDK client, against capture-service and graph-service stand-ins: the answer each gives,
 * hostile arguments as isError results, and keys of another tenant seeing nothing.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@QuarkusTestResource(McpTestResources.class)
class EngramToolsTest {

  @TestHTTPResource("/")
  URL root;

  private McpTestClient t1;
  private McpTestClient t2;

  @BeforeEach
  void connect() {
    McpTestResources.capture().reset();
    McpTestResources.captureApi().reset();
    McpTestResources.graph().reset();
    t1 = connect("test-agent-t1");
    t2 = connect("test-agent-t2");
  }

  @AfterEach
  void close() {
    t1.close();
    t2.close();
  }

  private McpTestClient connect(String key) {
    return connect(root, key);
  }

  /** An initialized client of this service's MCP endpoint with {@code key}. */
  static McpTestClient connect(URL root, String key) {
    return connect(root, key, Map.of());
  }

  /** An initialized client that sends {@code headers} with every request. */
  static McpTestClient connect(URL root, String key, Map<String, String> headers) {
    McpTestClient c =
        new McpTestClient(root.toString().replaceAll("/$", ""), key, "2025-06-18", headers);
    c.initialize();
    return c;
  }

  static JsonNode ok(McpTestClient client, String tool, String arguments) {
    ToolAnswer answer = client.call(tool, arguments);
    assertFalse(answer.isError(), answer.text());
    return answer.json();
  }

  static String error(McpTestClient client, String tool, String arguments) {
    ToolAnswer answer = client.call(tool, arguments);
    assertTrue(answer.isError(), tool + " " + arguments + " answered " + answer.text());
    return answer.text();
  }

  private long remember(String agent, String chat, String text) {
    String args = "{\"agent\":\"%s\",\"chat\":\"%s\",\"text\":\"%s\"}".formatted(agent, chat, text);
    return ok(t1, "remember", args).get("id").asLong();
  }

  @Test
  void everyOwnToolIsListedWithADescribedSchema() {
    Map<String, McpSchema.Tool> tools =
        t1.tools().stream()
            .collect(java.util.stream.Collectors.toMap(McpSchema.Tool::name, t -> t));
    for (String name :
        List.of(
            "remember",
            "recall",
            "context",
            "slot_get",
            "slot_set",
            "forget",
            "entity_timeline",
            "fact_add",
            "fact_invalidate",
            "stats")) {
      McpSchema.Tool tool = tools.get(name);
      assertTrue(tool != null && !tool.description().isBlank(), name);
      Map<String, Object> schema = tool.inputSchema();
      assertEquals(false, schema.get("additionalProperties"), name);
      ((Map<?, ?>) schema.get("properties"))
          .forEach(
              (field, property) ->
                  assertTrue(
                      ((Map<?, ?>) property).get("description") instanceof String, name + field));
    }
    Map<String, Object> remember = tools.get("remember").inputSchema();
    assertEquals(List.of("text"), remember.get("required"));
    Map<?, ?> category = (Map<?, ?>) ((Map<?, ?>) remember.get("properties")).get("category");
    assertEquals(List.of("PROFILE", "KNOWLEDGE", "EVENT", "DECISION"), category.get("enum"));
  }

  @Test
  void rememberStoresThroughCaptureWithTheCallersKey() {
    JsonNode m =
        ok(
            t1,
            "remember",
            """
            {"agent":"bot1","chat":"telegram:1","text":"Alice prefers green tea",\
            "category":"profile","confidence":0.9,"source":"mcp"}""");
    assertTrue(m.get("id").isIntegralNumber());
    assertEquals("bot1", m.get("agent").asText());
    assertEquals("telegram:1", m.get("chat").asText());
    assertEquals("CHAT", m.get("scope").asText());
    assertEquals("PROFILE", m.get("category").asText());
    assertEquals("Alice prefers green tea", m.get("text").asText());
    assertEquals(0.9, m.get("confidence").asDouble());
    assertEquals("mcp", m.get("source").asText());
    assertEquals("ACTIVE", m.get("status").asText());
    assertEquals(
        List.of("POST /v1/memories Bearer test-agent-t1"), McpTestResources.capture().calls());
    assertTrue(McpTestResources.capture().holds("t1", m.get("id").asLong()));
    assertFalse(McpTestResources.capture().holds("t2", m.get("id").asLong()));
  }

  /**
   * Issue 17: remember takes a mode as the REST API does, checked before capture is called; and the
   * call it forwards is marked prepaid (recall's internal key), so capture does not charge the
   * caller's writes budget a second time for the same tool call.
   */
  @Test
  void rememberCarriesItsModeAndIsChargedOnce() {
    JsonNode m =
        ok(
            t1,
            "remember",
            "{\"agent\":\"bot1\",\"text\":\"The dragon guards the gate\",\"mode\":\"roleplay\"}");
    assertEquals("roleplay", m.get("mode").asText());
    assertEquals(List.of("test-internal-key"), McpTestResources.capture().prepaid());
    // the caller's headers travel as one set: no missing correlation id is sent as "null"
    assertFalse(McpTestResources.capture().correlations().contains("null"));
    for (String mode : List.of("Role Play", "", "x".repeat(33), "9lives")) {
      String text =
          error(t1, "remember", "{\"agent\":\"bot1\",\"text\":\"hi\",\"mode\":\"" + mode + "\"}");
      assertTrue(text.contains("mode must be"), text);
    }
    assertEquals(1, McpTestResources.capture().calls().size());
  }

  @Test
  void rememberRefusesHostileArgumentsBeforeCallingCapture() {
    String big = "x".repeat(300);
    for (String args :
        List.of(
            "{}",
            "{\"agent\":\"bot1\"}",
            "{\"agent\":\"bot1\",\"text\":123}",
            "{\"agent\":\"bot1\",\"text\":\"   \"}",
            "{\"agent\":\"bot1\",\"text\":\"a\\u0000b\"}",
            "{\"agent\":\"b\\u0000t\",\"text\":\"hi\"}",
            "{\"agent\":\"" + big + "\",\"text\":\"hi\"}",
            "{\"agent\":[\"bot1\"],\"text\":\"hi\"}",
            "{\"agent\":\"bot1\",\"text\":\"hi\",\"tenant\":\"t2\"}",
            "{\"agent\":\"bot1\",\"text\":\"hi\",\"category\":\"SECRET\"}",
            "{\"agent\":\"bot1\",\"text\":\"hi\",\"confidence\":2}",
            "{\"agent\":\"bot1\",\"text\":\"hi\",\"source\":\"DROP TABLE\"}",
            "{\"agent\":\"bot1\",\"text\":\"hi\",\"expires_at\":\"tomorrow\"}")) {
      error(t1, "remember", args);
    }
    assertTrue(McpTestResources.capture().calls().isEmpty());
    assertTrue(
        error(t1, "remember", "{\"agent\":\"bot1\",\"text\":\"hi\",\"tenant\":\"t2\"}")
            .contains("unknown argument 'tenant'"));
  }

  @Test
  void forgetDeletesOnlyTheAgentsOwnMemoryOfTheCallersTenant() {
    long id = remember("bot1", "telegram:1", "Forget me");
    long other = remember("bot2", "telegram:1", "Another agent's");
    // Another tenant's key, another agent, another chat: refused, nothing deleted.
    error(t2, "forget", "{\"agent\":\"bot1\",\"id\":" + id + "}");
    error(t1, "forget", "{\"agent\":\"bot1\",\"id\":" + other + "}");
    error(t1, "forget", "{\"agent\":\"bot1\",\"chat\":\"telegram:2\",\"id\":" + id + "}");
    assertTrue(McpTestResources.capture().holds("t1", id));
    assertTrue(McpTestResources.capture().holds("t1", other));
    JsonNode answer =
        ok(t1, "forget", "{\"agent\":\"bot1\",\"chat\":\"telegram:1\",\"id\":" + id + "}");
    assertEquals(id, answer.get("id").asLong());
    assertTrue(answer.get("deleted").asBoolean());
    assertEquals(2, answer.size());
    assertFalse(McpTestResources.capture().holds("t1", id));
    assertTrue(error(t1, "forget", "{\"agent\":\"bot1\",\"id\":" + id + "}").contains("no memory"));
    for (String args :
        List.of(
            "{\"agent\":\"bot1\"}",
            "{\"agent\":\"bot1\",\"id\":\"" + other + "\"}",
            "{\"agent\":\"bot1\",\"id\":1.5}",
            "{\"agent\":\"bot1\",\"id\":123456789012345678901234567890}",
            "{\"id\":" + other + "}")) {
      error(t1, "forget", args);
    }
    assertTrue(McpTestResources.capture().holds("t1", other));
  }

  @Test
  void slotsAreWrittenAndReadPerAgentSessionAndThread() {
    JsonNode set =
        ok(t1, "slot_set", "{\"agent\":\"bot1\",\"name\":\"hot_context\",\"content\":\"Trip\"}");
    assertEquals("hot_context", set.get("name").asText());
    assertEquals("/v1/agents/bot1/slots/hot_context", set.get("path").asText());
    assertEquals(1, set.get("version").asLong());
    ok(
        t1,
        "slot_set",
        "{\"agent\":\"bot1\",\"thread\":\"proj-x\",\"name\":\"handoff\",\"content\":\"Next: book\","
            + "\"expected_version\":0}");
    JsonNode handoff =
        ok(t1, "slot_get", "{\"agent\":\"bot1\",\"thread\":\"proj-x\",\"name\":\"handoff\"}");
    assertEquals("/v1/agents/bot1/threads/proj-x/slots/handoff", handoff.get("path").asText());
    assertEquals("Next: book", handoff.get("content").asText());
    assertEquals(
        "Trip",
        ok(t1, "slot_get", "{\"agent\":\"bot1\",\"name\":\"hot_context\"}")
            .get("content")
            .asText());
    // A name is one path segment, whatever it holds: no way into another owner's slot.
    JsonNode odd =
        ok(t1, "slot_set", "{\"agent\":\"bot1/threads/x\",\"name\":\"handoff\",\"content\":\"y\"}");
    assertEquals("/v1/agents/bot1%2Fthreads%2Fx/slots/handoff", odd.get("path").asText());
    // The other tenant has no such slot, and a stale version is refused.
    assertTrue(
        error(t2, "slot_get", "{\"agent\":\"bot1\",\"name\":\"hot_context\"}").contains("No slot"));
    assertTrue(
        error(
                t1,
                "slot_set",
                "{\"agent\":\"bot1\",\"name\":\"hot_context\",\"content\":\"x\",\"expected_version\":0}")
            .contains("409"));
    for (String args :
        List.of(
            "{\"agent\":\"bot1\"}",
            "{\"agent\":\"bot1\",\"name\":\"Hot Context\"}",
            "{\"agent\":\"bot1\",\"name\":\"../stats\"}",
            "{\"agent\":\"bot1\",\"name\":\"handoff\",\"session\":\"s\",\"thread\":\"t\"}",
            "{\"agent\":\"bot1\",\"name\":\"handoff\",\"thread\":\"\"}",
            "{\"agent\":\"bot1\",\"name\":\"handoff\",\"extra\":null}")) {
      error(t1, "slot_get", args);
    }
    error(t1, "slot_set", "{\"agent\":\"bot1\",\"name\":\"hot_context\"}");
    error(
        t1,
        "slot_set",
        "{\"agent\":\"bot1\",\"name\":\"hot_context\",\"content\":\"x\",\"expected_version\":-1}");
    error(t1, "slot_set", "{\"agent\":\"bot1\",\"name\":\"hot_context\",\"content\":{\"a\":1}}");
  }

  @Test
  void statsAreTheCallersTenantsForAdminKeysOnly() {
    try (McpTestClient admin = connect("test-admin-t1")) {
      JsonNode stats = ok(admin, "stats", "{}");
      assertEquals("t1", stats.get("tenant").asText());
      assertEquals(3, stats.get("memories").get("active").asInt());
      error(admin, "stats", "{\"tenant\":\"t2\"}");
    }
    assertTrue(error(t2, "stats", "{}").contains("refused (403"));
  }

  @Test
  void entityTimelineAsksGraphWithTheCallersKeyAndVisibility() {
    JsonNode timeline =
        ok(
            t1,
            "entity_timeline",
            "{\"agent\":\"bot1\",\"chat\":\"telegram:1\",\"entity\":\"Alice\",\"limit\":5}");
    assertEquals("Alice", timeline.get("entity").get("name").asText());
    assertEquals(2, timeline.get("facts").size());
    assertEquals("Rome", timeline.get("facts").get(1).get("object").asText());
    String call = McpTestResources.graph().calls().getFirst();
    assertTrue(call.startsWith("/v1/entities/Alice/timeline?"), call);
    assertTrue(call.contains("agent=bot1") && call.contains("chat=telegram%3A1"), call);
    assertTrue(call.contains("limit=5") && call.endsWith(" Bearer test-agent-t1"), call);
    // Another tenant does not know Alice.
    assertTrue(
        error(t2, "entity_timeline", "{\"agent\":\"bot1\",\"entity\":\"Alice\"}")
            .contains("No entity"));
    for (String args :
        List.of(
            "{\"agent\":\"bot1\"}",
            "{\"entity\":\"Alice\"}",
            "{\"agent\":\"bot1\",\"entity\":\"Alice\",\"limit\":0}",
            "{\"agent\":\"bot1\",\"entity\":\"Alice\",\"limit\":\"5\"}",
            "{\"agent\":\"bot1\",\"entity\":\"" + "A".repeat(5000) + "\"}",
            "{\"agent\":\"bot1\",\"entity\":\"Al\\u0000ice\"}",
            "{\"agent\":\"bot1\",\"entity\":\"Alice\",\"as_of\":\"now\"}",
            "{\"agent\":\"bot1\",\"entity\":\"Alice\",\"mode\":\"Work!\"}")) {
      error(t1, "entity_timeline", args);
    }
    assertEquals(2, McpTestResources.graph().calls().size());
    // A mode reaches graph-service, which keeps other modes' facts out.
    ok(t1, "entity_timeline", "{\"agent\":\"bot1\",\"entity\":\"Alice\",\"mode\":\"work\"}");
    String moded = McpTestResources.graph().calls().getLast();
    assertTrue(moded.contains("mode=work"), moded);
  }

  @Test
  void aFailingCaptureIsAnErrorResultNotACrash() {
    McpTestResources.capture().status(503);
    assertTrue(
        error(t1, "remember", "{\"agent\":\"bot1\",\"text\":\"hi\"}")
            .startsWith("capture-service failed"));
    assertEquals(1, McpTestResources.capture().calls().size());
  }
}
