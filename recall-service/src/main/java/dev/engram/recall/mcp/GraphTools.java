package dev.engram.recall.mcp;

import dev.engram.recall.client.GraphApi;
import io.quarkiverse.mcp.server.RawMessage;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The knowledge graph's reads for a model: {@code entity_timeline}, {@code belief_about} and {@code
 * belief_infer}, from graph-service's REST API with the caller's key, so graph-service applies the
 * tenant and the agent's (chat's) visibility.
 */
@ApplicationScoped
class GraphTools {

  private static final int MAX_ENTITY_CHARS = 200;

  /** graph-service's limit of a statement. */
  private static final int MAX_STATEMENT_CHARS = 1000;

  private static final Set<String> INFER =
      Set.of("from", "to", "max_hops", "agent", "chat", "predicates");
  private static final Pattern PREDICATE = Pattern.compile("^[a-z][a-z0-9_]{0,63}$");

  private final McpCallers callers;
  private final GraphApi graph;
  private final ToolReplies replies;

  GraphTools(McpCallers callers, GraphApi graph, ToolReplies replies) {
    this.callers = callers;
    this.graph = graph;
    this.replies = replies;
  }

  @Tool(
      name = "entity_timeline",
      description =
          "What changed about a person, place or thing: all its facts, invalidated ones included,"
              + " in valid-time order; with a mode, only that mode's and untagged facts. Answers {entity: {id, name, ...}, facts: [{subject,"
              + " predicate, object, valid_from, valid_to, invalidated_at, ...}]}.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> entityTimeline(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args =
              callers.args(
                  message, Set.of("agent", "chat", "entity", "predicate", "limit", "mode"));
          String agent = args.requiredName("agent");
          String chat = args.optionalName("chat");
          String entity = args.requiredContent("entity", false).strip();
          if (entity.length() > MAX_ENTITY_CHARS || !ToolArgs.NAME.matcher(entity).matches()) {
            throw new ToolFailure("entity must be 1-200 printable characters");
          }
          String predicate = args.optionalName("predicate");
          Long limit = args.optionalRange("limit", 1, 1000);
          String mode = CaptureTools.mode(args.optionalText("mode"));
          return graph.timeline(
              callers.key(),
              new GraphApi.TimelineQuery(
                  entity, agent, chat, predicate, limit == null ? null : limit.intValue(), mode));
        });
  }

  @Tool(
      name = "belief_about",
      description =
          "How strongly the tenant believes a statement, e.g. 'Alice lives in Porto': the belief"
              + " revised by every piece of evidence so far, {id, statement, strength, confidence,"
              + " evidence_count, contradicted, evidence: [...latest 20]}. No belief yet is an"
              + " error saying so.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> beliefAbout(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args = callers.args(message, Set.of("statement"));
          String statement = args.requiredContent("statement", false);
          if (statement.length() > MAX_STATEMENT_CHARS) {
            throw new ToolFailure("statement must be at most 1000 characters");
          }
          return graph.belief(callers.key(), statement);
        });
  }

  @Tool(
      name = "belief_infer",
      description =
          "Does one thing lead to another? Chains of current facts and 'A -> B' beliefs from"
              + " `from` to `to` (at most max_hops links) and the deduced truth value, which is"
              + " never stored: {from, to, conclusion: {statement, strength, confidence, inferred}"
              + " | null, chains: [{strength, confidence, hops, links: [...]}], took_ms}. With an"
              + " agent (and chat), only the facts they may see.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> beliefInfer(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args = callers.args(message, INFER);
          Map<String, Object> body = new LinkedHashMap<>();
          body.put("from", inferName(args, "from"));
          body.put("to", inferName(args, "to"));
          CaptureTools.put(body, "max_hops", args.optionalRange("max_hops", 1, 10));
          String agent = args.optionalName("agent");
          String chat = args.optionalName("chat");
          if (chat != null && agent == null) {
            throw new ToolFailure("chat needs agent (the agent whose chat it is)");
          }
          CaptureTools.put(body, "agent", agent);
          CaptureTools.put(body, "chat", chat);
          List<String> predicates = args.optionalTexts("predicates", 50);
          if (predicates != null) {
            for (String p : predicates) {
              if (!PREDICATE.matcher(p).matches()) {
                throw new ToolFailure("predicates must be lower_snake_case words, e.g. lives_in");
              }
            }
            CaptureTools.put(body, "predicates", predicates.isEmpty() ? null : predicates);
          }
          return graph.infer(callers.key(), body);
        });
  }

  private static String inferName(ToolArgs args, String name) {
    String value = args.requiredContent(name, false).strip();
    if (!ToolArgs.NAME.matcher(value).matches()) {
      throw new ToolFailure(name + " must be 1-200 printable characters");
    }
    return value;
  }
}
