package dev.engram.recall.mcp;

import dev.engram.recall.client.GraphApi;
import io.quarkiverse.mcp.server.RawMessage;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/**
 * The knowledge graph's reads for a model: {@code entity_timeline}, from graph-service's REST API
 * with the caller's key, so graph-service applies the tenant and the agent's (chat's) visibility.
 */
@ApplicationScoped
class GraphTools {

  private static final int MAX_ENTITY_CHARS = 200;

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
          ToolArgs args = new ToolArgs(ToolReplies.arguments(message).getMap());
          args.allowOnly(Set.of("agent", "chat", "entity", "predicate", "limit", "mode"));
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
}
