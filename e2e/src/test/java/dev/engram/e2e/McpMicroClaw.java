package dev.engram.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.contracts.fixtures.ToolAnswer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A MicroClaw gateway as seen from Engram: the official MCP Java SDK client connected the way
 * MicroClaw's mcp.json connects it (Streamable HTTP, a Bearer key on every request, protocol
 * 2024-11-05), reading only the text of each answer as MicroClaw does.
 */
final class McpMicroClaw implements AutoCloseable {

  private final McpSyncClient client;

  McpMicroClaw(String recallUrl, String key) {
    this(recallUrl + "/mcp", Map.of("Authorization", "Bearer " + key), "2024-11-05");
  }

  /** Connected as an mcp.json server entry says: its endpoint, its headers, its protocol. */
  McpMicroClaw(String endpoint, Map<String, String> headers, String protocolVersion) {
    URI uri = URI.create(endpoint);
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder(uri.getScheme() + "://" + uri.getAuthority())
            .endpoint(uri.getPath())
            .supportedProtocolVersions(List.of(protocolVersion))
            .httpRequestCustomizer(
                (request, method, target, body, context) -> headers.forEach(request::header))
            .build();
    client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
  }

  /** Connected through any transport, e.g. stdio to {@code ./engram mcp} (McpStdioIT). */
  McpMicroClaw(McpClientTransport transport) {
    client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(90)).build();
  }

  /** The SDK client itself, for flows that read more than MicroClaw does ({@link WholeTurn}). */
  McpSyncClient client() {
    return client;
  }

  McpSchema.InitializeResult initialize() {
    return client.initialize();
  }

  List<String> toolNames() {
    return tools().stream().map(McpSchema.Tool::name).toList();
  }

  List<McpSchema.Tool> tools() {
    return client.listTools().tools();
  }

  /** A call with MicroClaw's arguments exactly as written (JSON nulls included). */
  ToolAnswer call(String tool, String arguments) {
    return ToolAnswer.call(client, tool, arguments);
  }

  /** A call that must succeed; its JSON. */
  JsonNode ok(String tool, String arguments) {
    ToolAnswer answer = call(tool, arguments);
    assertFalse(answer.isError(), arguments + " -> " + answer.text());
    return answer.json();
  }

  @Override
  public void close() {
    client.closeGracefully();
  }
}
