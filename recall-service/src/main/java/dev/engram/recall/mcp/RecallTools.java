package dev.engram.recall.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.engram.common.ratelimit.RateLimits.EndpointClass;
import dev.engram.recall.context.ContextRequest;
import dev.engram.recall.context.ContextService;
import dev.engram.recall.recall.RecallRequest;
import dev.engram.recall.recall.RecallService;
import io.quarkiverse.mcp.server.RawMessage;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolResponse;
import io.vertx.core.json.JsonObject;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code recall} and {@code context}: recall's own hybrid recall and context assembly, read as the
 * bodies of {@code POST /v1/recall} and {@code POST /v1/context} are (same fields, same checks,
 * same scoping inside the key's tenant), answered with the same JSON. Blocking: they embed and
 * search, so the extension runs them on a worker thread.
 */
@ApplicationScoped
class RecallTools {

  private static final Set<String> RECALL =
      Set.of(
          "agent",
          "chat",
          "thread",
          "query",
          "k",
          "kinds",
          "categories",
          "min_confidence",
          "include_archived",
          "time_range",
          "speakers",
          "as_of",
          "mode");
  private static final Set<String> CONTEXT =
      Set.of(
          "agent", "chat", "thread", "session", "query", "budget_tokens", "recent_turns", "mode");

  private final McpCallers callers;
  private final RecallService recall;
  private final ContextService context;
  private final ObjectMapper json;
  private final Validator validator;
  private final ToolReplies replies;

  RecallTools(
      McpCallers callers,
      RecallService recall,
      ContextService context,
      ObjectMapper json,
      Validator validator,
      ToolReplies replies) {
    this.callers = callers;
    this.recall = recall;
    this.context = context;
    this.json = json;
    this.validator = validator;
    this.replies = replies;
  }

  @ToolBudget(EndpointClass.RECALL)
  @Tool(
      name = "recall",
      description =
          "Search the agent's long-term memory and past turns by meaning and keywords. Sees the"
              + " tenant's global memories, the agent's own and those of the given chat. Answers"
              + " {items: [{id, kind, text, created_at, category, confidence, score, ...}],"
              + " skipped_signals, semantic_floor, took_ms}, best first.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  ToolResponse recall(RawMessage message) {
    return replies.replyNow(
        () -> {
          String tenant = callers.tenant();
          RecallRequest request = read(message, RECALL, RecallRequest.class);
          return recall.recall(tenant, request);
        });
  }

  @ToolBudget(EndpointClass.RECALL)
  @Tool(
      name = "context",
      description =
          "One block of memory to put in front of the model, within a token budget: notes and"
              + " slots (global, agent, chat, session, thread), what is known about each person of"
              + " the chat, identity, essential memories, what is relevant to the query, the"
              + " current facts and the chat's recent turns. Answers {text, tokens, budget_tokens, encoding, sections, skipped,"
              + " took_ms}.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  ToolResponse context(RawMessage message) {
    return replies.replyNow(
        () -> {
          String tenant = callers.tenant();
          ContextRequest request = read(message, CONTEXT, ContextRequest.class);
          return context.context(tenant, request);
        });
  }

  /** The arguments as the REST body: known names, then Jackson, then the bean constraints. */
  private <T> T read(RawMessage message, Set<String> known, Class<T> type) {
    JsonObject arguments = callers.arguments(message, known);
    ToolArgs args = callers.args(arguments, known);
    args.requiredName("agent");
    for (String name : Set.of("chat", "thread", "session")) {
      args.optionalName(name);
    }
    // Jackson would read 42 as "42" and "5" as 5; a tool call gets the types its schema says.
    args.optionalText("query");
    args.optionalText("as_of");
    args.optionalText("mode");
    args.optionalLong("k");
    args.optionalLong("budget_tokens");
    args.optionalLong("recent_turns");
    args.optionalFraction("min_confidence");
    args.flag("include_archived", false);
    T request;
    try {
      request = json.readValue(arguments.encode(), type);
    } catch (UnrecognizedPropertyException e) {
      throw new ToolFailure("unknown argument '" + e.getPropertyName() + "'");
    } catch (JsonMappingException e) {
      throw new ToolFailure(path(e) + " has the wrong type or format; see the input schema");
    } catch (JsonProcessingException e) {
      throw new ToolFailure("the arguments are not a JSON object");
    }
    Set<ConstraintViolation<T>> violations = validator.validate(request);
    if (!violations.isEmpty()) {
      throw new ToolFailure(
          violations.stream()
              .map(v -> snake(v.getPropertyPath().toString()) + " " + v.getMessage())
              .sorted()
              .collect(Collectors.joining("; ")));
    }
    return request;
  }

  private static String path(JsonMappingException e) {
    String path =
        e.getPath().stream()
            .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
            .collect(Collectors.joining("."));
    return path.isEmpty() ? "an argument" : path.replace(".[", "[");
  }

  private static String snake(String camel) {
    return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
  }
}
