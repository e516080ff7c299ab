package dev.engram.recall.mcp;

import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static dev.engram.recall.IndexFixture.with;
import static dev.engram.recall.mcp.EngramToolsTest.error;
import static dev.engram.recall.mcp.EngramToolsTest.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The recall and context tools through the MCP Java SDK client against the real index: the REST
 * answers' shape, the REST body's checks as isError results, and the key's tenant, agent and chat
 * as the only memory visible.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@QuarkusTestResource(McpTestResources.class)
class RecallToolsTest {

  @TestHTTPResource("/")
  URL root;

  private McpTestClient t1;
  private McpTestClient t2;

  @BeforeEach
  void seed() {
    RecallTestResources.graph().reset();
    RecallTestResources.slots().reset();
    index(reset("t1"), reset("t2"));
    index(
        upsert(memory("t1", 1, "bot1", "telegram:1", "Alice prefers green tea in the morning.")),
        upsert(memory("t1", 2, "bot1", "telegram:2", "Alice prefers green tea with honey.")),
        upsert(memory("t1", 3, "bot2", null, "Alice prefers green tea, says bot2.")),
        upsert(memory("t1", 4, "bot1", null, "The server runs Debian.")),
        upsert(memory("t2", 5, "bot1", "telegram:1", "Alice prefers green tea, tenant two.")));
    String base = root.toString().replaceAll("/$", "");
    t1 = new McpTestClient(base, "test-agent-t1", "2025-03-26", Map.of());
    t1.initialize();
    t2 = new McpTestClient(base, "test-agent-t2", "2025-03-26", Map.of());
    t2.initialize();
  }

  @AfterEach
  void close() {
    t1.close();
    t2.close();
  }

  private static List<Long> ids(JsonNode items) {
    List<Long> ids = new ArrayList<>();
    items.forEach(i -> ids.add(i.get("id").asLong()));
    return ids;
  }

  @Test
  void recallAnswersAsRestWithinTheAgentAndChat() {
    JsonNode answer =
        ok(
            t1,
            "recall",
            "{\"agent\":\"bot1\",\"chat\":\"telegram:1\",\"query\":\"What does Alice drink?\","
                + "\"k\":5,\"kinds\":[\"memory\"],\"time_range\":null}");
    List<Long> ids = ids(answer.get("items"));
    assertTrue(ids.contains(1L), ids.toString());
    assertFalse(ids.contains(2L) || ids.contains(3L) || ids.contains(5L), ids.toString());
    JsonNode first = answer.get("items").get(0);
    assertEquals(1, first.get("id").asLong());
    assertEquals("memory", first.get("kind").asText());
    assertEquals("Alice prefers green tea in the morning.", first.get("text").asText());
    assertEquals("CHAT", first.get("scope").asText());
    assertTrue(first.get("score").isNumber());
    assertTrue(first.get("signals").get("keyword").get("rank").isInt());
    assertFalse(first.has("tenant") || first.has("version"));
    assertTrue(answer.get("skipped_signals").isArray());
    assertTrue(answer.get("semantic_floor").isNumber());
    assertTrue(answer.get("took_ms").isIntegralNumber());
    // The other tenant's key with the same agent and chat sees only its own memory.
    JsonNode other =
        ok(t2, "recall", "{\"agent\":\"bot1\",\"chat\":\"telegram:1\",\"query\":\"green tea\"}");
    assertEquals(List.of(5L), ids(other.get("items")));
  }

  @Test
  void theToolsTakeAModeAndSeeThatModeAndUntaggedMemoriesOnly() {
    index(
        upsert(
            with(
                memory("t1", 6, "bot1", null, "Alice prefers green tea brewed by the elf queen."),
                "mode",
                "roleplay")));
    String recall = "{\"agent\":\"bot1\",\"query\":\"green tea\",\"mode\":\"%s\"}";
    assertFalse(ids(ok(t1, "recall", recall.formatted("work")).get("items")).contains(6L));
    assertTrue(ids(ok(t1, "recall", recall.formatted("roleplay")).get("items")).contains(6L));
    String context =
        "{\"agent\":\"bot1\",\"query\":\"green tea\",\"budget_tokens\":500,\"mode\":\"%s\"}";
    assertFalse(ok(t1, "context", context.formatted("work")).get("text").asText().contains("elf"));
    assertTrue(
        ok(t1, "context", context.formatted("roleplay")).get("text").asText().contains("elf"));
    error(t1, "recall", recall.formatted("Not A Mode"));
  }

  /** Issue 30: agent and chat from the client's headers, as an mcp.json sets them once. */
  @Test
  void recallAndContextTakeAgentAndChatFromTheHeaders() {
    String base = root.toString().replaceAll("/$", "");
    try (McpTestClient gateway =
        new McpTestClient(
            base,
            "test-agent-t1",
            "2025-03-26",
            Map.of("X-Engram-Agent", "bot1", "X-Engram-Chat", "telegram:1"))) {
      gateway.initialize();
      String query = "{\"query\":\"What does Alice drink?\",\"k\":5,\"kinds\":[\"memory\"]}";
      List<Long> ids = ids(ok(gateway, "recall", query).get("items"));
      assertTrue(ids.contains(1L), ids.toString());
      assertFalse(ids.contains(2L) || ids.contains(3L) || ids.contains(5L), ids.toString());
      // chat null overrides the header: the agent's own and global memories only
      List<Long> own =
          ids(ok(gateway, "recall", query.replace("{", "{\"chat\":null,")).get("items"));
      assertFalse(own.contains(1L), own.toString());
      assertTrue(
          ok(gateway, "context", "{\"query\":\"green tea\",\"budget_tokens\":500}")
              .get("text")
              .asText()
              .contains("in the morning"));
    }
  }

  @Test
  void recallRefusesWhatTheRestBodyRefuses() {
    for (String args :
        List.of(
            "{}",
            "{\"agent\":\"bot1\"}",
            "{\"query\":\"tea\"}",
            "{\"agent\":\"bot1\",\"query\":\"\"}",
            "{\"agent\":\"bot1\",\"query\":42}",
            "{\"agent\":\"bot1\",\"query\":\"tea\",\"k\":\"ten\"}",
            "{\"agent\":\"bot1\",\"query\":\"tea\",\"k\":1000}",
            "{\"agent\":\"bot1\",\"query\":\"tea\",\"k\":0}",
            "{\"agent\":\"bot1\",\"query\":\"tea\",\"kinds\":[\"secret\"]}",
            "{\"agent\":\"bot1\",\"query\":\"tea\",\"min_confidence\":7}",
            "{\"agent\":\"bot1\",\"query\":\"tea\",\"as_of\":\"yesterday\"}",
            "{\"agent\":\"bot1\",\"query\":\"tea\",\"tenant\":\"t2\"}",
            "{\"agent\":\"b\\u0000t1\",\"query\":\"tea\"}",
            "{\"agent\":\"bot1\",\"chat\":\"\",\"query\":\"tea\"}",
            "{\"agent\":\"bot1\",\"query\":\"" + "tea ".repeat(10_000) + "\"}")) {
      error(t1, "recall", args);
    }
    assertTrue(
        error(t1, "recall", "{\"agent\":\"bot1\",\"query\":\"tea\",\"k\":\"ten\"}").contains("k "));
    assertTrue(
        error(t1, "recall", "{\"agent\":\"bot1\",\"query\":\"tea\",\"tenant\":\"t2\"}")
            .contains("unknown argument 'tenant'"));
  }

  @Test
  void contextIsTheRestBlockOfTheCallersTenantOnly() {
    JsonNode block =
        ok(
            t1,
            "context",
            "{\"agent\":\"bot1\",\"chat\":\"telegram:1\",\"query\":\"tea\",\"budget_tokens\":300}");
    String text = block.get("text").asText();
    assertTrue(text.contains("Alice prefers green tea in the morning."), text);
    assertFalse(text.contains("with honey") || text.contains("bot2") || text.contains("two"));
    assertTrue(block.get("tokens").asInt() <= 300);
    assertEquals(300, block.get("budget_tokens").asInt());
    assertEquals("cl100k_base", block.get("encoding").asText());
    assertTrue(block.get("sections").isArray() && !block.get("sections").isEmpty());
    assertTrue(block.get("skipped").isArray());
    String other =
        ok(
                t2,
                "context",
                "{\"agent\":\"bot1\",\"chat\":\"telegram:1\",\"query\":\"tea\",\"budget_tokens\":300}")
            .get("text")
            .asText();
    assertTrue(other.contains("tenant two"), other);
    assertFalse(other.contains("morning"), other);
    for (String args :
        List.of(
            "{\"agent\":\"bot1\"}",
            "{\"agent\":\"bot1\",\"budget_tokens\":0}",
            "{\"agent\":\"bot1\",\"budget_tokens\":\"300\"}",
            "{\"agent\":\"bot1\",\"budget_tokens\":99999999}",
            "{\"agent\":\"bot1\",\"budget_tokens\":300,\"session\":\"s\\u0000\"}",
            "{\"agent\":\"bot1\",\"budget_tokens\":300,\"k\":3}",
            "{\"budget_tokens\":300}")) {
      error(t1, "context", args);
    }
  }
}
