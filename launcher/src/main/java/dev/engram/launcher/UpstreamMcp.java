package dev.engram.launcher;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpTransportSessionNotFoundException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The suite's MCP endpoint as {@code ./engram mcp} reaches it: an MCP Java SDK client over
 * Streamable HTTP presenting the key (and the X-Engram-* headers) on every request. A call whose
 * session the server no longer knows (recall-service restarted: HTTP 404) is sent again once the
 * SDK has initialized a new session; every other failure becomes an error result that says what
 * went wrong ({@link UpstreamFailure}).
 */
final class UpstreamMcp implements AutoCloseable {

  /** A context or recall may wait for its turn (FairShare) on a busy suite; the REST CLI's 30 s. */
  static final Duration CALL_TIMEOUT = Duration.ofSeconds(60);

  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  /**
   * A lost session costs one retry; the second covers the SDK's race between dropping the old
   * session and opening the new one.
   */
  private static final int SESSION_RETRIES = 2;

  private final BridgeSettings settings;
  private final McpSyncClient client;
  private McpSchema.InitializeResult initialized;

  private UpstreamMcp(BridgeSettings settings, McpSyncClient client) {
    this.settings = settings;
    this.client = client;
  }

  /** Connects and initializes; a refusal or an unreachable suite is {@link UpstreamFailure}. */
  static UpstreamMcp connect(BridgeSettings settings, String version) throws UpstreamFailure {
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder(settings.baseUrl())
            .endpoint(settings.endpoint().getRawPath())
            .connectTimeout(CONNECT_TIMEOUT)
            .httpRequestCustomizer(
                (request, method, uri, body, context) ->
                    settings.headers().forEach(request::header))
            .build();
    McpSyncClient client =
        McpClient.sync(transport)
            .clientInfo(new McpSchema.Implementation("engram-mcp-bridge", version))
            .requestTimeout(CALL_TIMEOUT)
            .initializationTimeout(CALL_TIMEOUT)
            .build();
    UpstreamMcp upstream = new UpstreamMcp(settings, client);
    try {
      upstream.initialized = client.initialize();
    } catch (RuntimeException e) {
      upstream.close();
      throw new UpstreamFailure(UpstreamFailure.describe(e, settings.endpoint()));
    }
    return upstream;
  }

  McpSchema.Implementation serverInfo() {
    return initialized.serverInfo();
  }

  String instructions() {
    return initialized.instructions();
  }

  /** Every tool of the endpoint, all pages. */
  List<McpSchema.Tool> tools() throws UpstreamFailure {
    List<McpSchema.Tool> tools = new ArrayList<>();
    String cursor = null;
    try {
      do {
        McpSchema.ListToolsResult page = client.listTools(cursor);
        tools.addAll(page.tools());
        cursor = page.nextCursor();
      } while (cursor != null && !cursor.isEmpty());
    } catch (RuntimeException e) {
      throw new UpstreamFailure(UpstreamFailure.describe(e, settings.endpoint()));
    }
    return tools;
  }

  /**
   * The upstream's answer to one call, unchanged; its JSON-RPC error (a refused argument, a rate
   * limit) is thrown on as the same {@link McpError}; a transport failure is an error result.
   */
  McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
    McpSchema.CallToolRequest request = new McpSchema.CallToolRequest(tool, arguments);
    for (int attempt = 1; ; attempt++) {
      try {
        return client.callTool(request);
      } catch (McpError e) {
        throw e;
      } catch (RuntimeException e) {
        if (attempt > SESSION_RETRIES || !sessionGone(e)) {
          return UpstreamFailure.result(e, settings.endpoint());
        }
        pause(attempt);
      }
    }
  }

  /**
   * The server no longer knows the session (404), or the SDK dropped the dead session while the
   * call waited on it. Either way the call did not run: the SDK opens a new session, the call is
   * sent again in it.
   */
  static boolean sessionGone(RuntimeException e) {
    return UpstreamFailure.causedBy(e, McpTransportSessionNotFoundException.class)
        || UpstreamFailure.mentions(e, "MCP session with server terminated");
  }

  private static void pause(int attempt) {
    try {
      Thread.sleep(100L * attempt);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Ends the upstream session (DELETE), so recall-service frees it at once. */
  @Override
  public void close() {
    try {
      client.closeGracefully();
    } catch (RuntimeException e) {
      client.close(); // the suite is gone: nothing to end there
    }
  }
}
