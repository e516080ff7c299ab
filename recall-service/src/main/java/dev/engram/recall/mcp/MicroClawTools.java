package dev.engram.recall.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.recall.client.CaptureRefusal;
import dev.engram.recall.client.CaptureUnavailable;
import io.quarkiverse.mcp.server.RawMessage;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.function.BiFunction;
import org.jboss.logging.Logger;

/**
 * MicroClaw's two memory tools ({@code memory_query}, {@code memory_upsert}) and turns every
 * outcome into what MicroClaw parses: exactly one text item holding bare JSON, or an {@code
 * isError} result whose text says what went wrong (never a JSON-RPC crash or a stack trace).
 */
@ApplicationScoped
class MicroClawTools {

  private static final Logger LOG = Logger.getLogger(MicroClawTools.class);

  private final McpCallers callers;
  private final MemoryQueryTool query;
  private final MemoryUpsertTool upsert;
  private final ObjectMapper json;

  MicroClawTools(
      McpCallers callers, MemoryQueryTool query, MemoryUpsertTool upsert, ObjectMapper json) {
    this.callers = callers;
    this.query = query;
    this.upsert = upsert;
    this.json = json;
  }

  @Tool(
      name = "memory_query",
      description =
          "Read long-term memories: list a chat's rows (archived included), the context rows for a"
              + " chat, a substring search, or one row by id. Answers a JSON array of rows (get:"
              + " one row, or [] when unknown).",
      inputSchema = @Tool.InputSchema(generator = ToolSchemas.MemoryQuery.class))
  Uni<ToolResponse> memoryQuery(RawMessage message) {
    return run(arguments(message), query::call);
  }

  @Tool(
      name = "memory_upsert",
      description =
          "Write long-term memories: insert, update (also un-archives), archive, supersede (a new"
              + " row replacing an old one), touch (seen again). Answers {\"id\": n} or"
              + " {\"updated\": true|false}; false means no memory with that id.",
      inputSchema = @Tool.InputSchema(generator = ToolSchemas.MemoryUpsert.class))
  Uni<ToolResponse> memoryUpsert(RawMessage message) {
    return run(arguments(message), upsert::call);
  }

  /**
   * The arguments as sent, JSON nulls included. They are read from the raw message because the
   * extension's own argument map cannot hold the nulls MicroClaw sends (it fails on them).
   */
  private static Map<String, Object> arguments(RawMessage message) {
    JsonObject params = message.asJsonObject().getJsonObject("params");
    Object arguments = params == null ? null : params.getValue("arguments");
    return arguments instanceof JsonObject object ? object.getMap() : Map.of();
  }

  private Uni<ToolResponse> run(
      Map<String, Object> args, BiFunction<McpCaller, ToolArgs, Uni<Object>> op) {
    Uni<Object> answer;
    try {
      // The caller is read now, while the request context of this call is active.
      answer = op.apply(callers.current(), new ToolArgs(args));
    } catch (RuntimeException e) {
      answer = Uni.createFrom().failure(e);
    }
    return answer.map(this::success).onFailure().recoverWithItem(MicroClawTools::failure);
  }

  private ToolResponse success(Object value) {
    try {
      return ToolResponse.success(json.writeValueAsString(value));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a tool answer", e);
    }
  }

  private static ToolResponse failure(Throwable f) {
    return switch (f) {
      case ToolFailure t -> ToolResponse.error(t.getMessage());
      case CaptureRefusal r when r.status() == 404 -> ToolResponse.error(r.getMessage());
      case CaptureRefusal r when r.status() < 500 ->
          ToolResponse.error("refused (" + r.status() + " " + r.code() + "): " + r.getMessage());
      case CaptureRefusal r -> ToolResponse.error("capture-service failed: " + r.getMessage());
      case CaptureUnavailable u -> ToolResponse.error(u.getMessage());
      default -> {
        LOG.error("MCP tool call failed", f);
        yield ToolResponse.error("internal error; see recall-service's log");
      }
    };
  }
}
