package dev.engram.recall.mcp;

import static dev.engram.recall.mcp.EngramToolsTest.error;
import static dev.engram.recall.mcp.EngramToolsTest.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.recall.RecallTestResources;
import dev.engram.recall.ServiceStub;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The tools a gateway needs for a whole turn over MCP alone (issue 30): append_turns, recent_turns,
 * notes at every level, belief_about, belief_infer and promotion_candidates, through the MCP Java
 * SDK client with agent and chat set once as headers, against capture- and graph-service stand-ins:
 * what each forwards with the caller's key, the answer, and hostile arguments refused before
 * anything is forwarded.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@QuarkusTestResource(McpTestResources.class)
class WholeTurnToolsTest {

  static final Map<String, String> HEADERS =
      Map.of("X-Engram-Agent", "bot1", "X-Engram-Chat", "telegram:42");

  @TestHTTPResource("/")
  URL root;

  private McpTestClient t1;

  @BeforeEach
  void connect() {
    McpTestResources.capture().reset();
    McpTestResources.captureApi().reset();
    McpTestResources.turns().reset();
    RecallTestResources.recentTurns().reset();
    t1 = connect("test-agent-t1", HEADERS);
  }

  @AfterEach
  void close() {
    t1.close();
  }

  private McpTestClient connect(String key, Map<String, String> headers) {
    return EngramToolsTest.connect(root, key, headers);
  }

  private static List<TurnsStandIn.Request> requests() {
    return McpTestResources.turns().requests();
  }

  @Test
  void theNewToolsAreListedWithSchemasThatDoNotRequireTheHeadersArguments() {
    Map<String, McpSchema.Tool> tools =
        t1.tools().stream().collect(Collectors.toMap(McpSchema.Tool::name, t -> t));
    for (String name :
        List.of(
            "append_turns",
            "recent_turns",
            "slot_list",
            "slot_delete",
            "belief_about",
            "belief_infer",
            "promotion_candidates")) {
      McpSchema.Tool tool = tools.get(name);
      assertTrue(tool != null && !tool.description().isBlank(), name);
      assertEquals(false, tool.inputSchema().get("additionalProperties"), name);
      ((Map<?, ?>) tool.inputSchema().get("properties"))
          .forEach(
              (field, p) ->
                  assertTrue(((Map<?, ?>) p).get("description") instanceof String, name + field));
    }
    // Every Engram tool: agent and chat may come from headers, so no schema requires them.
    tools.forEach(
        (name, tool) -> {
          List<?> required = (List<?>) tool.inputSchema().get("required");
          assertFalse(required.contains("agent") || required.contains("chat"), name);
        });
    assertEquals(List.of("turns"), tools.get("append_turns").inputSchema().get("required"));
    // approving a promotion stays a person's act: no tool does it
    assertTrue(
        tools.keySet().stream().noneMatch(n -> n.contains("approve")), tools.keySet()::toString);
  }

  @Test
  void appendTurnsPostsCapturesExchangeBodyWithTheHeadersAndTheIdempotencyKey() {
    String args =
        """
        {"session":"s-1","idempotency_key":"turn-7","turns":[
         {"speaker":"alice","role":"user","text":"I moved to Porto","occurred_at":"2026-03-01T10:00:00Z"},
         {"speaker":"bot","role":"ASSISTANT","text":"Noted!","metadata":{"message_id":"m2"}}]}""";
    JsonNode first = ok(t1, "append_turns", args);
    assertEquals(2, first.get("items").size());
    assertFalse(first.get("items").get(0).get("duplicate").asBoolean());
    TurnsStandIn.Request sent = requests().getFirst();
    assertEquals("POST /v1/exchanges", sent.line());
    assertEquals("Bearer test-agent-t1", sent.auth());
    assertEquals("turn-7", sent.idempotencyKey());
    JsonNode turn = sent.body().get("exchanges").get(0);
    assertEquals("bot1", turn.get("agent").asText());
    assertEquals("telegram:42", turn.get("chat").asText());
    assertEquals("s-1", turn.get("session").asText());
    assertEquals("user", turn.get("role").asText());
    assertEquals("2026-03-01T10:00:00Z", turn.get("occurred_at").asText());
    assertEquals("assistant", sent.body().get("exchanges").get(1).get("role").asText());
    assertEquals(
        "m2", sent.body().get("exchanges").get(1).get("metadata").get("message_id").asText());
    // the same key again: capture answers the first answer; without a key, capture's dedup
    assertEquals(first, ok(t1, "append_turns", args));
    JsonNode again = ok(t1, "append_turns", args.replace("\"idempotency_key\":\"turn-7\",", ""));
    assertNull(requests().getLast().idempotencyKey());
    assertTrue(again.get("items").get(0).get("duplicate").asBoolean());
    // an argument overrides the header
    ok(
        t1,
        "append_turns",
        "{\"chat\":\"telegram:7\",\"turns\":[{\"speaker\":\"a\",\"role\":\"user\",\"text\":\"x\"}]}");
    assertEquals(
        "telegram:7", requests().getLast().body().get("exchanges").get(0).get("chat").asText());
  }

  @Test
  void appendTurnsRefusesHostileArgumentsBeforeCallingCapture() {
    String turn = "{\"speaker\":\"alice\",\"role\":\"user\",\"text\":\"hi\"}";
    String many = ("," + turn).repeat(101).substring(1);
    for (String args :
        List.of(
            "{}",
            "{\"turns\":[]}",
            "{\"turns\":" + turn + "}",
            "{\"turns\":[" + many + "]}",
            "{\"turns\":[42]}",
            "{\"turns\":[null]}",
            "{\"turns\":[{\"speaker\":\"alice\",\"role\":\"user\"}]}",
            "{\"turns\":[{\"speaker\":\"alice\",\"role\":\"god\",\"text\":\"hi\"}]}",
            "{\"turns\":[{\"speaker\":\"alice\",\"role\":\"user\",\"text\":\"a\\u0000b\"}]}",
            "{\"turns\":[{\"speaker\":\"alice\",\"role\":\"user\",\"text\":\"hi\",\"tenant\":\"t2\"}]}",
            "{\"turns\":[{\"speaker\":\"alice\",\"role\":\"user\",\"text\":\"hi\",\"occurred_at\":\"now\"}]}",
            "{\"turns\":[{\"speaker\":\"alice\",\"role\":\"user\",\"text\":\"hi\",\"metadata\":{\"k\":1}}]}",
            "{\"turns\":[" + turn + "],\"idempotency_key\":\"caf\\u00e9\"}",
            "{\"turns\":[" + turn + "],\"idempotency_key\":\"a\\r\\nX-Evil: 1\"}",
            "{\"turns\":[" + turn + "],\"idempotency_key\":\"" + "k".repeat(256) + "\"}",
            "{\"turns\":[" + turn + "],\"chat\":\"" + "c".repeat(201) + "\"}",
            "{\"turns\":[" + turn + "],\"agent\":\"b\\tot\"}",
            "{\"turns\":[" + turn + "],\"mode\":\"Work!\"}",
            "{\"turns\":[" + turn + "],\"tenant\":\"t2\"}")) {
      error(t1, "append_turns", args);
    }
    assertTrue(
        error(t1, "append_turns", "{\"turns\":[42]}").startsWith("turns[0] must be an object"));
    assertTrue(requests().isEmpty(), requests()::toString);
    // a chat of JSON null: no chat, which capture's exchanges need
    assertTrue(
        error(t1, "append_turns", "{\"chat\":null,\"turns\":[" + turn + "]}")
            .contains("X-Engram-Chat"));
  }

  @Test
  void recentTurnsReadsTheChatOfTheKeysTenant() {
    RecallTestResources.recentTurns()
        .answer(
            r ->
                "{\"turns\":[{\"id\":5,\"speaker\":\"alice\",\"role\":\"user\",\"text\":\"hi\","
                    + "\"occurred_at\":\"2026-03-01T10:00:00Z\",\"thread\":null,\"session\":null}],"
                    + "\"more\":true}");
    JsonNode recent = ok(t1, "recent_turns", "{\"limit\":500}");
    assertEquals("hi", recent.get("turns").get(0).get("text").asText());
    assertTrue(recent.get("more").asBoolean());
    ServiceStub.Received asked = RecallTestResources.recentTurns().received().getFirst();
    Map<String, String> query = ServiceStub.query(asked.query());
    assertEquals("t1", query.get("tenant"));
    assertEquals("bot1", query.get("agent"));
    assertEquals("telegram:42", query.get("chat"));
    assertEquals("100", query.get("limit"));
    try (McpTestClient t2 = connect("test-agent-t2", HEADERS)) {
      ok(t2, "recent_turns", "{\"mode\":\"work\"}");
    }
    Map<String, String> other =
        ServiceStub.query(RecallTestResources.recentTurns().received().getLast().query());
    assertEquals("t2", other.get("tenant"));
    assertEquals("10", other.get("limit"));
    assertEquals("work", other.get("mode"));
    for (String args :
        List.of("{\"limit\":0}", "{\"limit\":\"5\"}", "{\"chat\":null}", "{\"tenant\":\"t1\"}")) {
      error(t1, "recent_turns", args);
    }
    assertEquals(2, RecallTestResources.recentTurns().received().size());
  }

  @Test
  void notesAreReadWrittenListedAndDeletedAtEveryLevel() {
    Map<String, String> levels =
        Map.of(
            "{\"level\":\"agent\"", "/v1/agents/bot1/slots/notes",
            "{\"level\":\"chat\"", "/v1/agents/bot1/chats/telegram:42/slots/notes",
            "{\"level\":\"session\",\"session\":\"s-1\"",
                "/v1/agents/bot1/sessions/s-1/slots/notes",
            "{\"level\":\"thread\",\"thread\":\"trip\"",
                "/v1/agents/bot1/threads/trip/slots/notes");
    levels.forEach(
        (address, path) -> {
          JsonNode set = ok(t1, "slot_set", address + ",\"name\":\"notes\",\"content\":\"n\"}");
          assertEquals(path, set.get("path").asText().replace("%3A", ":"));
          assertEquals(
              "n", ok(t1, "slot_get", address + ",\"name\":\"notes\"}").get("content").asText());
          assertEquals(1, ok(t1, "slot_list", address + "}").get("items").size());
          assertTrue(
              ok(t1, "slot_delete", address + ",\"name\":\"notes\"}").get("deleted").asBoolean());
          assertTrue(error(t1, "slot_get", address + ",\"name\":\"notes\"}").contains("No slot"));
        });
    // The tenant's notes: an agent key reads them, only an admin key writes them.
    String note = "{\"level\":\"tenant\",\"name\":\"rules\",\"content\":\"Be kind\"}";
    assertTrue(error(t1, "slot_set", note).contains("refused (403 tenant_slot_needs_admin)"));
    try (McpTestClient admin = connect("test-admin-t1", Map.of())) {
      assertEquals("/v1/tenant/slots/rules", ok(admin, "slot_set", note).get("path").asText());
    }
    assertEquals(
        "Be kind",
        ok(t1, "slot_get", "{\"level\":\"tenant\",\"name\":\"rules\"}").get("content").asText());
    assertTrue(
        error(t1, "slot_delete", "{\"level\":\"tenant\",\"name\":\"rules\"}").contains("403"));
    try (McpTestClient t2 = connect("test-agent-t2", HEADERS)) {
      assertTrue(
          error(t2, "slot_get", "{\"level\":\"tenant\",\"name\":\"rules\"}").contains("No slot"));
    }
    for (String args :
        List.of(
            "{\"level\":\"planet\",\"name\":\"notes\"}",
            "{\"level\":\"session\",\"name\":\"notes\"}",
            "{\"level\":\"chat\",\"chat\":null,\"name\":\"notes\"}",
            "{\"level\":7,\"name\":\"notes\"}",
            "{\"name\":\"notes\",\"expected_version\":0}")) {
      error(t1, args.contains("expected_version") ? "slot_delete" : "slot_get", args);
    }
  }

  @Test
  void beliefsAreAskedOfGraphWithTheCallersKey() {
    JsonNode belief = ok(t1, "belief_about", "{\"statement\":\"Alice lives in Porto\"}");
    assertEquals(0.9, belief.get("strength").asDouble());
    assertEquals(
        "GET /v1/beliefs?statement=Alice+lives+in+Porto",
        requests().getFirst().line().replace("%20", "+"));
    try (McpTestClient t2 = connect("test-agent-t2", HEADERS)) {
      assertTrue(
          error(t2, "belief_about", "{\"statement\":\"Alice lives in Porto\"}")
              .contains("No belief"));
    }
    JsonNode inferred =
        ok(t1, "belief_infer", "{\"from\":\"Alice\",\"to\":\"Portugal\",\"max_hops\":2}");
    assertTrue(inferred.get("conclusion").isNull());
    JsonNode body = requests().getLast().body();
    assertEquals("bot1", body.get("agent").asText());
    assertEquals("telegram:42", body.get("chat").asText());
    assertEquals(2, body.get("max_hops").asInt());
    int asked = requests().size();
    for (String args :
        List.of(
            "{}",
            "{\"statement\":\"\"}",
            "{\"statement\":\"" + "s".repeat(1001) + "\"}",
            "{\"statement\":[\"a\"]}")) {
      error(t1, "belief_about", args);
    }
    for (String args :
        List.of(
            "{\"from\":\"Alice\"}",
            "{\"from\":\"Alice\",\"to\":\"Portugal\",\"max_hops\":0}",
            "{\"from\":\"Alice\",\"to\":\"Portugal\",\"predicates\":[\"Lives In\"]}",
            "{\"from\":\"Alice\",\"to\":\"Portugal\",\"agent\":null}",
            "{\"from\":\"Al\\u0001ice\",\"to\":\"Portugal\"}")) {
      error(t1, "belief_infer", args);
    }
    assertEquals(asked, requests().size());
  }

  @Test
  void promotionCandidatesAreListedForTheKeysTenant() {
    JsonNode page = ok(t1, "promotion_candidates", "{\"limit\":5}");
    assertEquals("Alice is the user's sister", page.get("items").get(0).get("text").asText());
    String line = requests().getFirst().line();
    assertTrue(line.startsWith("GET /v1/promotions?"), line);
    assertTrue(line.contains("status=PENDING") && line.contains("limit=5"), line);
    try (McpTestClient t2 = connect("test-agent-t2", HEADERS)) {
      assertEquals(0, ok(t2, "promotion_candidates", "{}").get("items").size());
    }
    for (String args :
        List.of(
            "{\"status\":\"ANY\"}",
            "{\"cursor\":\"1 OR 1=1\"}",
            "{\"limit\":-1}",
            "{\"agent\":\"x\"}")) {
      error(t1, "promotion_candidates", args);
    }
    assertEquals(2, requests().size());
  }
}
