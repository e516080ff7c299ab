package dev.engram.recall.mcp;

import static dev.engram.recall.mcp.CaptureTools.instant;
import static dev.engram.recall.mcp.CaptureTools.put;

import dev.engram.common.ratelimit.RateLimits.EndpointClass;
import dev.engram.recall.client.CaptureApi;
import io.quarkiverse.mcp.server.RawMessage;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code fact_add} and {@code fact_invalidate}: capture-service's fact writes with the caller's
 * key, so functional supersession, the audit and the graph projection apply as for REST.
 */
@ApplicationScoped
class FactTools {

  private static final Set<String> ADD =
      Set.of(
          "agent", "chat", "scope", "subject", "predicate", "object", "valid_from", "confidence");
  private static final Pattern PREDICATE = Pattern.compile("^[a-z][a-z0-9]*(_[a-z0-9]+)*$");

  private final McpCallers callers;
  private final CaptureApi capture;
  private final ToolReplies replies;

  FactTools(McpCallers callers, CaptureApi capture, ToolReplies replies) {
    this.callers = callers;
    this.capture = capture;
    this.replies = replies;
  }

  @ToolBudget(EndpointClass.WRITES)
  @Tool(
      name = "fact_add",
      description =
          "Record a fact (subject, predicate, object), e.g. Alice lives_in Porto. A new value of a"
              + " one-value predicate (lives_in, works_at, name...) ends the previous one. Answers"
              + " the stored fact {id, subject, predicate, object, valid_from, status, ...}.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> add(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args = callers.args(message, ADD);
          Map<String, Object> body = new LinkedHashMap<>();
          body.put("agent", args.requiredName("agent"));
          put(body, "chat", args.optionalName("chat"));
          put(body, "scope", args.optionalChoice("scope", Set.of("GLOBAL", "AGENT", "CHAT")));
          body.put("subject", args.requiredName("subject"));
          String predicate = args.requiredText("predicate");
          if (!PREDICATE.matcher(predicate).matches()) {
            throw new ToolFailure("predicate must be lower_snake_case, e.g. lives_in");
          }
          body.put("predicate", predicate);
          body.put("object", args.requiredName("object"));
          put(body, "valid_from", instant("valid_from", args.optionalText("valid_from")));
          put(body, "confidence", args.optionalFraction("confidence"));
          return capture.addFact(callers.key(), body);
        });
  }

  @ToolBudget(EndpointClass.WRITES)
  @Tool(
      name = "fact_invalidate",
      description =
          "Mark one of the agent's facts as no longer true (it held until valid_to, default"
              + " now). Answers the fact with invalidated_at set; one already invalidated is"
              + " answered unchanged.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> invalidate(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args = callers.args(message, Set.of("agent", "chat", "id", "valid_to"));
          long id = args.requiredLong("id");
          Map<String, Object> body = new LinkedHashMap<>();
          // The key's tenant may hold other agents' facts: capture ends only this agent's
          // (chat's), as forget deletes only its memories.
          body.put("agent", args.requiredName("agent"));
          put(body, "chat", args.optionalName("chat"));
          put(body, "valid_to", instant("valid_to", args.optionalText("valid_to")));
          return capture.invalidateFact(callers.key(), id, body);
        });
  }
}
