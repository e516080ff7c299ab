package dev.engram.recall.mcp;

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

/**
 * Notes at every level, which capture keeps as slots: the tenant's (read by any key, written by an
 * admin key only; capture checks it), the agent's, a chat's, a session's and a thread's. {@code
 * slot_get}, {@code slot_set}, {@code slot_delete} and {@code slot_list} map onto capture's slot
 * API with the caller's key, so versions, token caps, the poisoning gate and the audit apply.
 */
@ApplicationScoped
class SlotTools {

  private static final Set<String> LEVELS = Set.of("TENANT", "AGENT", "CHAT", "SESSION", "THREAD");
  private static final Set<String> ADDRESS = Set.of("level", "agent", "chat", "session", "thread");
  private static final Set<String> GET = with("name");
  private static final Set<String> SET = with("name", "content", "expected_version");
  private static final Set<String> DELETE = with("name", "expected_version");

  private final McpCallers callers;
  private final CaptureApi capture;
  private final ToolReplies replies;

  SlotTools(McpCallers callers, CaptureApi capture, ToolReplies replies) {
    this.callers = callers;
    this.capture = capture;
    this.replies = replies;
  }

  @Tool(
      name = "slot_get",
      description =
          "Read a note (slot) at one level: the tenant's, the agent's (e.g. hot_context), a"
              + " chat's, a session's (working_memory) or a thread's (handoff). Answers {name,"
              + " content, version, updated_at, ...}.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> get(RawMessage message) {
    return replies.reply(() -> capture.slot(callers.key(), slot(callers.args(message, GET), true)));
  }

  @ToolBudget(EndpointClass.WRITES)
  @Tool(
      name = "slot_set",
      description =
          "Write a note (slot; replaces its content) at one level. Tenant notes, shown to every"
              + " agent, need an admin key. With expected_version the write happens only if the"
              + " slot is at that version (0: only if new). Answers the slot as stored.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> set(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args = callers.args(message, SET);
          CaptureApi.SlotRef slot = slot(args, true);
          Map<String, Object> body = new LinkedHashMap<>();
          body.put("content", args.requiredContent("content", true));
          CaptureTools.put(
              body, "expected_version", args.optionalRange("expected_version", 0, Long.MAX_VALUE));
          return capture.putSlot(callers.key(), slot, body);
        });
  }

  @ToolBudget(EndpointClass.WRITES)
  @Tool(
      name = "slot_delete",
      description =
          "Delete a note (slot) at one level (tenant notes need an admin key); with"
              + " expected_version only if it is at that version. Answers {name, deleted: true}.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> delete(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args = callers.args(message, DELETE);
          CaptureApi.SlotRef slot = slot(args, true);
          Long version = args.optionalRange("expected_version", 1, Long.MAX_VALUE);
          return capture
              .deleteSlot(callers.key(), slot, version)
              .map(ignored -> Map.of("name", slot.name(), "deleted", true));
        });
  }

  @Tool(
      name = "slot_list",
      description =
          "List the notes (slots) of one level: the tenant's, the agent's, a chat's, a session's"
              + " or a thread's. Answers {items: [{name, content, version, updated_at, ...}]}.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> list(RawMessage message) {
    return replies.reply(
        () -> capture.slots(callers.key(), slot(callers.args(message, ADDRESS), false)));
  }

  /**
   * Which slot: {@code level} says, else a session's with a session, a thread's with a thread, else
   * the agent's (as before levels existed). {@code named}: the name is required.
   */
  private static CaptureApi.SlotRef slot(ToolArgs args, boolean named) {
    String name = named ? args.optionalSlug("name") : null;
    if (named && name == null) {
      throw new ToolFailure("name is required (a lower-case word such as hot_context)");
    }
    String level = args.optionalChoice("level", LEVELS);
    String session = args.optionalName("session");
    String thread = args.optionalName("thread");
    if (level == null) {
      if (session != null && thread != null) {
        throw new ToolFailure("give session or thread, not both (or a level)");
      }
      level = session != null ? "SESSION" : thread != null ? "THREAD" : "AGENT";
    }
    if (level.equals("TENANT")) {
      return CaptureApi.SlotRef.tenant(name);
    }
    String agent = args.requiredName("agent");
    return switch (level) {
      case "CHAT" -> new CaptureApi.SlotRef(agent, "chats", args.requiredName("chat"), name);
      case "SESSION" ->
          new CaptureApi.SlotRef(agent, "sessions", args.requiredName("session"), name);
      case "THREAD" -> new CaptureApi.SlotRef(agent, "threads", args.requiredName("thread"), name);
      default -> new CaptureApi.SlotRef(agent, null, null, name);
    };
  }

  private static Set<String> with(String... names) {
    Set<String> known = new java.util.HashSet<>(ADDRESS);
    known.addAll(Set.of(names));
    return Set.copyOf(known);
  }
}
