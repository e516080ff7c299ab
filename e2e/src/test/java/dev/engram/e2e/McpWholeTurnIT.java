package dev.engram.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 30's "done when": a gateway runs a whole turn over MCP alone against the packaged suite,
 * with the MCP Java SDK over Streamable HTTP, its key and X-Engram-Agent / X-Engram-Chat set once
 * on the transport as an mcp.json sets them, and the next session's context shows what the
 * Reflector made of the turns ({@link WholeTurn}). Also against the real capture-service: tenant
 * notes need an admin key, and another tenant's key sees none of the chat.
 */
@Tag(SharedSuite.TAG)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpWholeTurnIT {

  private static final String AGENT_KEY = Keys.random();
  private static final String ADMIN_KEY = Keys.random();
  private static final String OTHER_TENANT_KEY = Keys.random();
  private static final String AGENT = "turn-bot";
  private static final String CHAT = "telegram:3030";

  @RegisterExtension
  static final SharedSuite SHARED =
      SharedSuite.withKeys(
          AGENT_KEY, "e2e-turn-agent:turns:agent",
          ADMIN_KEY, "e2e-turn-admin:turns:admin",
          OTHER_TENANT_KEY, "e2e-turn-other:elsewhere:agent");

  private TestSuite started;
  private Suite suite;

  @BeforeAll
  void useTheSharedSuite() {
    started = SHARED.started();
    suite = started.suite;
  }

  /** An initialized client whose transport sends these headers with every request. */
  private McpSyncClient client(String key, Map<String, String> more) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Authorization", "Bearer " + key);
    headers.putAll(more);
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder(suite.url(Component.RECALL))
            .endpoint("/mcp")
            .httpRequestCustomizer(
                (request, method, target, body, context) -> headers.forEach(request::header))
            .build();
    McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
    client.initialize();
    return client;
  }

  private McpSyncClient gateway(String key) {
    return client(key, Map.of("X-Engram-Agent", AGENT, "X-Engram-Chat", CHAT));
  }

  @Test
  void aGatewayRunsAWholeTurnOverMcpAlone() {
    try (McpSyncClient gateway = gateway(AGENT_KEY)) {
      WholeTurn.Result turn = WholeTurn.run(gateway, AGENT, CHAT, true);
      assertTrue(turn.memoryText().contains("Lisbon"), turn.memoryText());
    }
    // Another tenant's key with the same agent and chat headers sees none of it.
    try (McpSyncClient other = gateway(OTHER_TENANT_KEY)) {
      assertEquals(0, WholeTurn.ok(other, "recent_turns", "{}").get("turns").size());
      assertFalse(
          WholeTurn.ok(other, "recall", "{\"query\":\"Dana Lisbon\"}")
              .toString()
              .contains("Lisbon"));
    }
  }

  /**
   * The same turn as a desktop client runs it: the MCP Java SDK's stdio client launching {@code
   * ./engram mcp}, which sets agent and chat on every upstream call from ENGRAM_AGENT and
   * ENGRAM_CHAT (docs/gateways.md section 6).
   */
  @Test
  void aDesktopClientRunsAWholeTurnOverStdio() {
    String chat = "telegram:3031";
    Path engram =
        Path.of(System.getProperty("engram.repo.root", ".."), "engram")
            .toAbsolutePath()
            .normalize();
    Map<String, String> env =
        Map.of(
            "ENGRAM_URL", suite.url(Component.RECALL),
            "ENGRAM_API_KEY", AGENT_KEY,
            "ENGRAM_AGENT", AGENT,
            "ENGRAM_CHAT", chat);
    StdioClientTransport transport =
        new StdioClientTransport(
            ServerParameters.builder(engram.toString()).args(List.of("mcp")).env(env).build(),
            McpJsonDefaults.getMapper());
    try (McpSyncClient desktop =
        McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build()) {
      desktop.initialize();
      WholeTurn.Result turn = WholeTurn.run(desktop, AGENT, chat, true);
      assertTrue(turn.memoryText().contains("Lisbon"), turn.memoryText());
    }
  }

  @Test
  void tenantNotesNeedAnAdminKeyAndEveryKeyOfTheTenantReadsThem() {
    String note =
        "{\"level\":\"tenant\",\"name\":\"house_rules\",\"content\":\"Answer in English.\"}";
    try (McpSyncClient agent = gateway(AGENT_KEY);
        McpSyncClient admin = client(ADMIN_KEY, Map.of())) {
      String refused = WholeTurn.error(agent, "slot_set", note);
      assertTrue(refused.contains("403") && refused.contains("tenant_slot_needs_admin"), refused);
      WholeTurn.ok(admin, "slot_set", note);
      assertEquals(
          "Answer in English.",
          WholeTurn.ok(agent, "slot_get", "{\"level\":\"tenant\",\"name\":\"house_rules\"}")
              .get("content")
              .asText());
      // chat notes, written by the agent key, for this chat only
      WholeTurn.ok(
          agent,
          "slot_set",
          "{\"level\":\"chat\",\"name\":\"notes\",\"content\":\"Dana prefers mornings.\"}");
      assertEquals(1, WholeTurn.ok(agent, "slot_list", "{\"level\":\"chat\"}").get("items").size());
      assertTrue(
          WholeTurn.error(agent, "slot_delete", "{\"level\":\"tenant\",\"name\":\"house_rules\"}")
              .contains("403"));
    }
    try (McpSyncClient other = gateway(OTHER_TENANT_KEY)) {
      WholeTurn.error(other, "slot_get", "{\"level\":\"tenant\",\"name\":\"house_rules\"}");
    }
  }
}
