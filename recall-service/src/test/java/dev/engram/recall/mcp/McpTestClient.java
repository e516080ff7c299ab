package dev.engram.recall.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The official MCP Java SDK client against recall-service's /mcp, configured the way MicroClaw
 * connects: a Bearer key (and optional headers) on every request, one protocol version.
 */
final class McpTestClient implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** What a tool call answered: MicroClaw reads only the text, and the error flag. */
  record Answer(boolean isError, String text) {

    JsonNode json() {
      try {
        return JSON.readTree(text);
      } catch (IOException e) {
        throw new UncheckedIOException("not bare JSON: " + text, e);
      }
    }
  }

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
  Answer call(String tool, String arguments) {
    McpSchema.CallToolResult result =
        client.callTool(
            new McpSchema.CallToolRequest(McpJsonDefaults.getMapper(), tool, arguments));
    assertEquals(1, result.content().size(), "exactly one content item: " + result.content());
    McpSchema.TextContent text =
        assertInstanceOf(McpSchema.TextContent.class, result.content().get(0));
    return new Answer(Boolean.TRUE.equals(result.isError()), text.text());
  }

  @Override
  public void close() {
    client.closeGracefully();
  }
}
