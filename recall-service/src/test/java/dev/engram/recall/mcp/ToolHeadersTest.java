package dev.engram.recall.mcp;

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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code X-Engram-Agent}, {@code X-Engram-Chat} and {@code X-Engram-Mode} set once on the client
 * (as an mcp.json does) stand in for the arguments of Engram's own tools; an argument, JSON null
 * included, overrides them; a header value is checked as the argument is.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@QuarkusTestResource(McpTestResources.class)
class ToolHeadersTest {

  @TestHTTPResource("/")
  URL root;

  @BeforeEach
  void reset() {
    McpTestResources.capture().reset();
    McpTestResources.captureApi().reset();
  }

  private McpTestClient connect(String key, Map<String, String> headers) {
    return EngramToolsTest.connect(root, key, headers);
  }

  @Test
  void theHeadersSupplyAgentChatAndModeAndAnArgumentOverridesThem() {
    Map<String, String> headers =
        Map.of("X-Engram-Agent", "bot1", "X-Engram-Chat", "telegram:42", "X-Engram-Mode", "work");
    try (McpTestClient gateway = connect("test-agent-t1", headers)) {
      JsonNode m = ok(gateway, "remember", "{\"text\":\"Alice prefers window seats\"}");
      assertEquals("bot1", m.get("agent").asText());
      assertEquals("telegram:42", m.get("chat").asText());
      assertEquals("CHAT", m.get("scope").asText());
      assertEquals("work", m.get("mode").asText());
      JsonNode own =
          ok(
              gateway,
              "remember",
              "{\"agent\":\"bot2\",\"chat\":null,\"mode\":\"roleplay\",\"text\":\"The bot's own\"}");
      assertEquals("bot2", own.get("agent").asText());
      assertTrue(own.get("chat") == null || own.get("chat").isNull(), own.toString());
      assertEquals("AGENT", own.get("scope").asText());
      assertEquals("roleplay", own.get("mode").asText());
      JsonNode fact =
          ok(
              gateway,
              "fact_add",
              "{\"subject\":\"Alice\",\"predicate\":\"lives_in\",\"object\":\"Porto\"}");
      assertEquals("bot1", fact.get("agent").asText());
      assertEquals("telegram:42", fact.get("chat").asText());
      // forget guards with the header's chat: a memory of no chat needs "chat": null
      long id = own.get("id").asLong();
      error(gateway, "forget", "{\"agent\":\"bot2\",\"id\":" + id + "}");
      ok(gateway, "forget", "{\"agent\":\"bot2\",\"chat\":null,\"id\":" + id + "}");
      assertFalse(McpTestResources.capture().holds("t1", id));
    }
  }

  @Test
  void withoutArgumentOrHeaderTheErrorNamesTheHeader() {
    try (McpTestClient bare = connect("test-agent-t1", Map.of())) {
      for (String[] call :
          new String[][] {
            {"remember", "{\"text\":\"hi\"}"},
            {"slot_get", "{\"name\":\"hot_context\"}"},
            {"fact_add", "{\"subject\":\"A\",\"predicate\":\"likes\",\"object\":\"B\"}"},
            {"recall", "{\"query\":\"tea\"}"},
            {"context", "{\"budget_tokens\":100}"},
            {"session_start", "{\"budget_tokens\":100}"}
          }) {
        String text = error(bare, call[0], call[1]);
        assertTrue(
            text.contains("agent is required") && text.contains("X-Engram-Agent"),
            call[0] + ": " + text);
      }
      assertTrue(error(bare, "recent_turns", "{\"agent\":\"bot1\"}").contains("X-Engram-Chat"));
    }
    assertTrue(McpTestResources.capture().calls().isEmpty());
  }

  @Test
  void aHeaderValueIsCheckedAsTheArgumentIs() {
    // each header is bad, and the call leaves out the argument it would supply
    List<String[]> bad =
        List.of(
            new String[] {"X-Engram-Agent", "b".repeat(201), "{\"chat\":\"c\",\"mode\":\"work\""},
            new String[] {"X-Engram-Chat", "tele\tgram", "{\"agent\":\"bot1\",\"mode\":\"work\""},
            new String[] {"X-Engram-Mode", "Work!", "{\"agent\":\"bot1\",\"chat\":\"c\""});
    for (String[] header : bad) {
      try (McpTestClient gateway = connect("test-agent-t1", Map.of(header[0], header[1]))) {
        String text = error(gateway, "remember", header[2] + ",\"text\":\"hi\"}");
        assertTrue(text.startsWith(header[0] + " must be"), text);
        // with the argument given the header is not read
        ok(
            gateway,
            "remember",
            "{\"agent\":\"bot1\",\"chat\":\"c\",\"mode\":\"work\",\"text\":\"fine\"}");
      }
    }
    assertEquals(3, McpTestResources.capture().calls().size());
    // MicroClaw's tools keep their contract: the agent header, else the default agent
    try (McpTestClient claw = connect("test-agent-t1", Map.of("X-Engram-Chat", "tele\tgram"))) {
      ok(claw, "memory_query", "{\"op\":\"list\",\"chat_id\":null}");
    }
  }
}
