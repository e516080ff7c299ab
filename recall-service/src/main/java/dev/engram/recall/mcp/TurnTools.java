package dev.engram.recall.mcp;

import static dev.engram.recall.mcp.CaptureTools.put;

import dev.engram.common.ratelimit.RateLimits.EndpointClass;
import dev.engram.recall.client.CaptureApi;
import io.quarkiverse.mcp.server.RawMessage;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code append_turns} and {@code recent_turns}: the episodic log a gateway keeps, so the
 * Reflector, summaries, Person sections and handoffs work for a gateway that speaks only MCP.
 * Appending is capture-service's {@code POST /v1/exchanges} with the caller's key (its dedup,
 * poisoning gate, explicit remember, idempotency and outbox); reading is the recent-turns read the
 * context makes, for the key's tenant.
 */
@ApplicationScoped
class TurnTools {

  /** Most turns in one call; capture's own cap (limits.max-batch-exchanges) may be lower. */
  static final int MAX_TURNS = 100;

  private static final Set<String> APPEND =
      Set.of("agent", "chat", "thread", "session", "mode", "turns", "idempotency_key");
  private static final Set<String> TURN =
      Set.of("speaker", "role", "text", "occurred_at", "metadata");
  private static final Set<String> ROLES = Set.of("USER", "ASSISTANT", "SYSTEM", "TOOL");
  private static final Set<String> RECENT = Set.of("agent", "chat", "limit", "mode");

  /** capture's rule for Idempotency-Key: 1-255 printable ASCII characters. */
  private static final Pattern IDEMPOTENCY_KEY = Pattern.compile("^[\\x20-\\x7E]{1,255}$");

  private final McpCallers callers;
  private final CaptureApi capture;
  private final ToolReplies replies;

  TurnTools(McpCallers callers, CaptureApi capture, ToolReplies replies) {
    this.callers = callers;
    this.capture = capture;
    this.replies = replies;
  }

  @ToolBudget(EndpointClass.WRITES)
  @Tool(
      name = "append_turns",
      description =
          "Append the conversation's turns (one or a batch of up to 100, in order) to the"
              + " chat's verbatim log, as they happened: what the Reflector, day summaries,"
              + " handoffs and the context's recent turns are made from. A turn already stored"
              + " (same text, speaker and time window) is answered as a duplicate; a suspicious"
              + " one is quarantined. Answers {items: [{id, occurred_at, duplicate, status,"
              + " status_reason, memory_ids}]} in request order.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> append(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args = callers.args(message, APPEND);
          Map<String, Object> shared = new LinkedHashMap<>();
          shared.put("agent", args.requiredName("agent"));
          shared.put("chat", args.requiredName("chat"));
          put(shared, "thread", args.optionalName("thread"));
          put(shared, "session", args.optionalName("session"));
          put(shared, "mode", CaptureTools.mode(args.optionalText("mode")));
          List<Object> turns = args.optionalList("turns", MAX_TURNS);
          if (turns == null || turns.isEmpty()) {
            throw new ToolFailure("turns is required (a list of 1-" + MAX_TURNS + " turns)");
          }
          List<Map<String, Object>> exchanges = new ArrayList<>(turns.size());
          for (int i = 0; i < turns.size(); i++) {
            exchanges.add(turn(i, turns.get(i), shared));
          }
          String key = args.optionalText("idempotency_key");
          if (key != null && !IDEMPOTENCY_KEY.matcher(key).matches()) {
            throw new ToolFailure("idempotency_key must be 1-255 printable ASCII characters");
          }
          return capture.appendExchanges(callers.key(), key, Map.of("exchanges", exchanges));
        });
  }

  @Tool(
      name = "recent_turns",
      description =
          "The chat's newest turns (default 10, at most 100), oldest first, as the context shows"
              + " them; quarantined turns are never shown. Answers {turns: [{id, speaker, role,"
              + " text, occurred_at, thread, session}], more} (more: older turns exist).",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> recent(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args = callers.args(message, RECENT);
          String agent = args.requiredName("agent");
          String chat = args.requiredName("chat");
          int limit = args.limit(10, 100);
          String mode = CaptureTools.mode(args.optionalText("mode"));
          return capture.recentTurns(callers.tenant(), agent, chat, mode, limit);
        });
  }

  /** One turn of the list as capture's exchange item, with the call's agent, chat and thread. */
  private static Map<String, Object> turn(int index, Object value, Map<String, Object> shared) {
    String at = "turns[" + index + "]";
    if (value instanceof JsonObject object) {
      value = object.getMap();
    }
    if (!(value instanceof Map<?, ?> map)) {
      throw new ToolFailure(at + " must be an object {speaker, role, text, occurred_at?}");
    }
    @SuppressWarnings("unchecked")
    ToolArgs turn = new ToolArgs((Map<String, Object>) map);
    try {
      turn.allowOnly(TURN);
      Map<String, Object> item = new LinkedHashMap<>(shared);
      item.put("speaker", turn.requiredText("speaker"));
      String role = turn.optionalChoice("role", ROLES);
      if (role == null) {
        throw new ToolFailure("role is required (user, assistant, system or tool)");
      }
      item.put("role", role.toLowerCase(java.util.Locale.ROOT));
      item.put("text", turn.requiredContent("text", false));
      put(
          item,
          "occurred_at",
          CaptureTools.instant("occurred_at", turn.optionalText("occurred_at")));
      put(item, "metadata", turn.optionalStrings("metadata", 32));
      return item;
    } catch (ToolFailure f) {
      throw new ToolFailure(at + ": " + f.getMessage());
    }
  }
}
