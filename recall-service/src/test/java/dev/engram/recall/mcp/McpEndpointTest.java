package dev.engram.recall.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.recall.RecallTestResources;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The MCP endpoint itself: protocol versions, the tool list MicroClaw checks, and auth. */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@QuarkusTestResource(McpTestResources.class)
class McpEndpointTest {

  private static final String INITIALIZE =
      """
      {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05",
       "capabilities":{},"clientInfo":{"name":"microclaw","version":"0"}}}""";

  @TestHTTPResource("/")
  URL root;

  @BeforeEach
  void reset() {
    McpTestResources.capture().reset();
  }

  private String base() {
    return root.toString().replaceAll("/$", "");
  }

  @Test
  void everyProtocolVersionMicroClawMaySendIsAnsweredWithItself() {
    for (String version : List.of("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")) {
      try (McpTestClient client = new McpTestClient(base(), "test-agent-t1", version, Map.of())) {
        assertEquals(version, client.initialize().protocolVersion());
        assertTrue(
            client.tools().stream()
                .map(McpSchema.Tool::name)
                .collect(Collectors.toSet())
                .containsAll(List.of("memory_query", "memory_upsert")));
      }
    }
  }

  @Test
  void theToolsAllowTheNullsMicroClawSends() {
    try (McpTestClient client =
        new McpTestClient(base(), "test-agent-t1", "2024-11-05", Map.of())) {
      client.initialize();
      Map<String, McpSchema.Tool> tools =
          client.tools().stream().collect(Collectors.toMap(McpSchema.Tool::name, t -> t));
      Map<String, Object> query = tools.get("memory_query").inputSchema();
      Map<String, Object> upsert = tools.get("memory_upsert").inputSchema();
      assertEquals("object", query.get("type"));
      assertEquals(List.of("integer", "null"), type(query, "chat_id"));
      assertEquals(List.of("integer", "null"), type(upsert, "chat_id"));
      assertEquals(List.of("string", "null"), type(upsert, "reason"));
      assertEquals(List.of("number", "null"), type(upsert, "confidence_floor"));
      assertEquals(List.of("op"), upsert.get("required"));
    }
  }

  @SuppressWarnings("unchecked")
  private static Object type(Map<String, Object> schema, String name) {
    Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
    return ((Map<String, Object>) properties.get(name)).get("type");
  }

  @Test
  void noKeyABadKeyOrAKeyWithoutAnAgentRoleIsRefusedBeforeAnyToolRuns() throws Exception {
    assertEquals(401, post(null));
    assertEquals(401, post("Bearer not-a-key"));
    assertEquals(401, post("Basic dXNlcjpwYXNz"));
    assertEquals(403, post("Bearer test-internal-key"));
    assertEquals(200, post("Bearer test-agent-t1"));
    try (McpTestClient client = new McpTestClient(base(), "wrong", "2024-11-05", Map.of())) {
      assertThrows(RuntimeException.class, client::initialize);
    }
    assertEquals(List.of(), McpTestResources.capture().calls());
  }

  private int post(String authorization) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base() + "/mcp"))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(INITIALIZE));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    try (HttpClient http = HttpClient.newHttpClient()) {
      return http.send(request.build(), HttpResponse.BodyHandlers.ofString()).statusCode();
    }
  }
}
