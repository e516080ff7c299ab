package dev.engram.recall.mcp;

import dev.engram.common.auth.Caller;
import dev.engram.common.correlation.CorrelationId;
import dev.engram.recall.client.MemoriesClient;
import dev.engram.recall.config.McpConfig;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Reads the caller of the current MCP request from its HTTP headers. The extension activates the
 * request context with the HTTP request for every tool call, so the headers of the POST carrying
 * the call are at hand; authentication already happened (an HTTP permission on /mcp).
 */
@ApplicationScoped
class McpCallers {

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
