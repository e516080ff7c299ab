package dev.engram.recall.mcp;

import dev.engram.common.auth.Caller;
import dev.engram.common.correlation.CorrelationId;
import dev.engram.recall.client.MemoriesClient;
import dev.engram.recall.config.McpConfig;
import io.quarkiverse.mcp.server.RawMessage;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads the caller of the current MCP request from its HTTP headers. The extension activates the
 * request context with the HTTP request for every tool call, so the headers of the POST carrying
 * the call are at hand; authentication already happened (an HTTP permission on /mcp).
 */
@ApplicationScoped
class McpCallers {

  /** Request header that names the chat of Engram's own tools when an argument does not. */
  static final String CHAT_HEADER = "X-Engram-Chat";

  /** Request header that names the mode of Engram's own tools when an argument does not. */
  static final String MODE_HEADER = "X-Engram-Mode";

  private final CurrentVertxRequest request;
  private final McpConfig config;

  McpCallers(CurrentVertxRequest request, McpConfig config) {
    this.request = request;
    this.config = config;
  }

  /** The caller as MicroClaw's tools see it: their key and the agent of the agent header. */
  McpCaller current() {
    RoutingContext context = http();
    MemoriesClient.As as = key(context);
    String header = context.request().getHeader(config.agentHeader());
    String agent = header == null || header.isBlank() ? config.defaultAgent() : header.strip();
    if (!ToolArgs.NAME.matcher(agent).matches()) {
      throw new ToolFailure(config.agentHeader() + " must be 1-200 printable characters");
    }
    return new McpCaller(as, agent);
  }

  /**
   * The arguments of one of Engram's own tools, with {@code agent}, {@code chat} and {@code mode}
   * taken from the request headers (agent header, {@value #CHAT_HEADER}, {@value #MODE_HEADER})
   * where the tool knows the argument and the call leaves it out; an argument, JSON null included
   * (none), always wins. A header value is checked as the argument would be.
   */
  JsonObject arguments(RawMessage message, Set<String> known) {
    JsonObject arguments = ToolReplies.arguments(message);
    Map<String, String> defaults = new LinkedHashMap<>();
    RoutingContext context = null;
    for (Map.Entry<String, String> header : headers().entrySet()) {
      String name = header.getKey();
      if (!known.contains(name) || arguments.containsKey(name)) {
        continue;
      }
      context = context == null ? http() : context;
      String value = context.request().getHeader(header.getValue());
      if (value != null && !value.isBlank()) {
        defaults.put(name, headerValue(header.getValue(), value.strip(), name.equals("mode")));
      }
    }
    if (defaults.isEmpty()) {
      return arguments;
    }
    JsonObject merged = arguments.copy();
    defaults.forEach(merged::put);
    return merged;
  }

  /** {@link #arguments} read strictly, refusing names the tool does not know. */
  ToolArgs args(RawMessage message, Set<String> known) {
    return args(arguments(message, known), known);
  }

  /** Arguments already merged with the headers' defaults, read strictly. */
  ToolArgs args(JsonObject arguments, Set<String> known) {
    ToolArgs args = new ToolArgs(arguments.getMap(), headers());
    args.allowOnly(known);
    return args;
  }

  /** Which header supplies which argument. */
  private Map<String, String> headers() {
    return Map.of("agent", config.agentHeader(), "chat", CHAT_HEADER, "mode", MODE_HEADER);
  }

  private static String headerValue(String header, String value, boolean mode) {
    if (mode) {
      if (!CaptureTools.MODE.matcher(value).matches()) {
        throw new ToolFailure(
            header
                + " must be a lower-case token of 1-32 letters, digits, '_' or '-' such as work");
      }
    } else if (!ToolArgs.NAME.matcher(value).matches()) {
      throw new ToolFailure(header + " must be 1-200 printable characters");
    }
    return value;
  }

  /** The caller's key and correlation id, to forward to capture-service and graph-service. */
  MemoriesClient.As key() {
    return key(http());
  }

  /** The tenant of the caller's key (authenticated by the HTTP permission on /mcp). */
  String tenant() {
    if (!(http().user() instanceof QuarkusHttpUser user)) {
      throw new ToolFailure("no authenticated caller behind this call");
    }
    return Caller.of(user.getSecurityIdentity()).tenant();
  }

  private RoutingContext http() {
    RoutingContext context = request.getCurrent();
    if (context == null) {
      throw new ToolFailure("no HTTP request behind this call");
    }
    return context;
  }

  private static MemoriesClient.As key(RoutingContext context) {
    String authorization = context.request().getHeader("Authorization");
    if (authorization == null) {
      throw new ToolFailure("no API key on this request");
    }
    return new MemoriesClient.As(authorization, context.request().getHeader(CorrelationId.HEADER));
  }
}
