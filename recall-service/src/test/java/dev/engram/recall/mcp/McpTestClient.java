package dev.engram.recall.mcp;

import dev.engram.contracts.fixtures.ToolAnswer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The official MCP Java SDK client against recall-service's /mcp, configured the way MicroClaw
 * connects: a Bearer key (and optional headers) on every request, one protocol version.
 */
final class McpTestClient implements AutoCloseable {

  private final McpSyncClient client;

  McpTestClient(String baseUrl, String key, String protocol, Map<String, String> headers) {
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder(baseUrl)
            .endpoint("/mcp")
            .supportedProtocolVersions(List.of(protocol))
            .httpRequestCustomizer(
                (request, method, uri, body, context) -> {
                  if (key != null) {
                    request.header("Authorization", "Bearer " + key);
                  }
                  headers.forEach(request::header);
                })
            .build();
    client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30)).build();
  }

  McpSchema.InitializeResult initialize() {
    return client.initialize();
  }

  List<McpSchema.Tool> tools() {
    return client.listTools().tools();
  }

  /** Calls a tool with the arguments exactly as written (JSON nulls kept). */
  ToolAnswer call(String tool, String arguments) {
    return ToolAnswer.call(client, tool, arguments);
  }

  @Override
  public void close() {
    client.closeGracefully();
  }
}
