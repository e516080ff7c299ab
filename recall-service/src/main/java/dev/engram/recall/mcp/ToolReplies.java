package dev.engram.recall.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.error.EngramException;
import dev.engram.recall.client.CaptureRefusal;
import dev.engram.recall.client.CaptureUnavailable;
import io.quarkiverse.mcp.server.RawMessage;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Turns every outcome of a tool into what an MCP client reads: exactly one text item holding bare
 * JSON, or an {@code isError} result whose text says what went wrong (never a JSON-RPC crash or a
 * stack trace). Shared by MicroClaw's tools and Engram's own.
 */
@ApplicationScoped
class ToolReplies {

  private static final Logger LOG = Logger.getLogger(ToolReplies.class);

  private final ObjectMapper json;

  ToolReplies(ObjectMapper json) {
    this.json = json;
  }

  /**
   * The arguments as sent, JSON nulls included. They are read from the raw message because the
   * extension's own argument map cannot hold JSON nulls (it fails on them).
   */
  static JsonObject arguments(RawMessage message) {
    JsonObject params = message.asJsonObject().getJsonObject("params");
    Object arguments = params == null ? null : params.getValue("arguments");
    return arguments instanceof JsonObject object ? object : new JsonObject();
  }

  /** Runs a non-blocking tool; anything it throws or fails with becomes an error result. */
  Uni<ToolResponse> reply(Supplier<Uni<?>> call) {
    Uni<?> answer;
    try {
      // Called now, while the request context of this call is active (the caller is read then).
      answer = call.get();
    } catch (RuntimeException e) {
      answer = Uni.createFrom().failure(e);
    }
    return answer.map(this::success).onFailure().recoverWithItem(ToolReplies::failure);
  }

  /** Runs a blocking tool (on the worker thread the extension gives it). */
  ToolResponse replyNow(Supplier<?> call) {
    try {
      return success(call.get());
    } catch (RuntimeException e) {
      return failure(e);
    }
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
      case EngramException e -> ToolResponse.error(e.getMessage());
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
