package dev.engram.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.bench.EngramApi;
import dev.engram.bench.Target;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;

/**
 * recall-service's {@code POST /mcp} through the official MCP Java SDK client (Streamable HTTP), as
 * a gateway connects to it: a Bearer key and the agent header on every request, one session for all
 * calls. HTTP/1.1 like {@link EngramApi}, so the REST baselines differ only in the protocol.
 */
final class McpTools implements AutoCloseable {

  /** Where a gateway names its agent (recall's {@code engram.recall.mcp.agent-header}). */
  static final String AGENT_HEADER = "X-Engram-Agent";

  private final McpSyncClient client;

  McpTools(Target target, String agent, Duration timeout) {
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder(target.recall().toString())
            .endpoint("/mcp")
            .customizeClient(http -> http.version(HttpClient.Version.HTTP_1_1))
            .httpRequestCustomizer(
                (request, method, uri, body, context) -> {
                  request.header("Authorization", "Bearer " + target.key());
                  request.header(AGENT_HEADER, agent);
                })
            .build();
    client =
        McpClient.sync(transport)
            .clientInfo(new McpSchema.Implementation("engram-bench", "0.1.0"))
            .requestTimeout(timeout)
            .build();
  }

  /** Connects; the protocol version the server agreed to. */
  String initialize() throws IOException {
    try {
      return client.initialize().protocolVersion();
    } catch (RuntimeException e) {
      throw failed("initialize", e);
    }
  }

  List<String> toolNames() throws IOException {
    try {
      return client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
    } catch (RuntimeException e) {
      throw failed("tools/list", e);
    }
  }

  /** One {@code tools/call} with the arguments as written; its text content as JSON. */
  JsonNode call(String tool, String arguments) throws IOException {
    McpSchema.CallToolResult result;
    try {
      result =
          client.callTool(
              new McpSchema.CallToolRequest(McpJsonDefaults.getMapper(), tool, arguments));
    } catch (RuntimeException e) {
      throw failed("tools/call " + tool, e);
    }
    StringBuilder text = new StringBuilder();
    for (McpSchema.Content content : result.content()) {
      if (content instanceof McpSchema.TextContent t) {
        text.append(t.text());
      }
    }
    if (Boolean.TRUE.equals(result.isError())) {
      // not a latency: the arguments, the key or the suite are wrong
      throw new IOException(tool + " " + arguments + " answered an error: " + text);
    }
    return EngramApi.JSON.readTree(text.toString());
  }

  /** The SDK fails with unchecked exceptions; the bench reports I/O failures (exit code 1). */
  private static IOException failed(String what, RuntimeException e) {
    return new IOException("MCP " + what + " failed: " + e.getMessage(), e);
  }

  @Override
  public void close() {
    client.closeGracefully();
  }
}
