package dev.engram.recall.mcp;

import dev.engram.common.correlation.CorrelationId;
import dev.engram.recall.client.MemoriesClient;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.regex.Pattern;

/**
 * Reads the caller of the current MCP request from its HTTP headers. The extension activates the
 * request context with the HTTP request for every tool call, so the headers of the POST carrying
 * the call are at hand; authentication already happened (an HTTP permission on /mcp).
 */
@ApplicationScoped
class McpCallers {

  /** The rule capture-service applies to agent names: 1-200 printable characters. */
  private static final Pattern AGENT = Pattern.compile("^[^\\p{Cntrl}\\s][^\\p{Cntrl}]{0,199}$");

  private final CurrentVertxRequest request;
  private final McpConfig config;

  McpCallers(CurrentVertxRequest request, McpConfig config) {
    this.request = request;
    this.config = config;
  }

  McpCaller current() {
    RoutingContext context = request.getCurrent();
    if (context == null) {
      throw new ToolFailure("no HTTP request behind this call");
    }
    String authorization = context.request().getHeader("Authorization");
    if (authorization == null) {
      throw new ToolFailure("no API key on this request");
    }
    String header = context.request().getHeader(config.agentHeader());
    String agent = header == null || header.isBlank() ? config.defaultAgent() : header.strip();
    if (!AGENT.matcher(agent).matches()) {
      throw new ToolFailure(config.agentHeader() + " must be 1-200 printable characters");
    }
    String correlation = context.request().getHeader(CorrelationId.HEADER);
    return new McpCaller(new MemoriesClient.As(authorization, correlation), agent);
  }
}
