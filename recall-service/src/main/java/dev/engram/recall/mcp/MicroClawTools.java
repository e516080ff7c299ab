package dev.engram.recall.mcp;

import dev.engram.common.ratelimit.RateLimits.EndpointClass;
import io.quarkiverse.mcp.server.RawMessage;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * MicroClaw's two memory tools ({@code memory_query}, {@code memory_upsert}); every outcome becomes
 * what MicroClaw parses (see {@link ToolReplies}).
 */
@ApplicationScoped
class MicroClawTools {

  private final McpCallers callers;
  private final MemoryQueryTool query;
  private final MemoryUpsertTool upsert;
  private final ToolReplies replies;

  MicroClawTools(
      McpCallers callers, MemoryQueryTool query, MemoryUpsertTool upsert, ToolReplies replies) {
    this.callers = callers;
    this.query = query;
    this.upsert = upsert;
    this.replies = replies;
  }

  @Tool(
      name = "memory_query",
      description =
          "Read long-term memories: list a chat's rows (archived included), the context rows for a"
              + " chat, a substring search, or one row by id. Answers a JSON array of rows (get:"
              + " one row, or [] when unknown).",
      inputSchema = @Tool.InputSchema(generator = ToolSchemas.MemoryQuery.class))
  Uni<ToolResponse> memoryQuery(RawMessage message) {
    return replies.reply(() -> query.call(callers.current(), args(message)));
  }

  @ToolBudget(EndpointClass.WRITES)
  @Tool(
      name = "memory_upsert",
      description =
          "Write long-term memories: insert, update (also un-archives), archive, supersede (a new"
              + " row replacing an old one), touch (seen again). Answers {\"id\": n} or"
              + " {\"updated\": true|false}; false means no memory with that id.",
      inputSchema = @Tool.InputSchema(generator = ToolSchemas.MemoryUpsert.class))
  Uni<ToolResponse> memoryUpsert(RawMessage message) {
    return replies.reply(() -> upsert.call(callers.current(), args(message)));
  }

  private static ToolArgs args(RawMessage message) {
    return new ToolArgs(ToolReplies.arguments(message).getMap());
  }
}
