package dev.engram.recall.mcp;

import dev.engram.common.ratelimit.RateLimits.EndpointClass;
import dev.engram.recall.client.CaptureApi;
import dev.engram.recall.client.MemoriesClient;
import io.quarkiverse.mcp.server.RawMessage;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Engram's own write tools and the record's reads: {@code remember}, {@code forget}, {@code
 * promotion_candidates}, {@code stats}. Each goes to capture-service's REST API with the caller's
 * key, so the record, the poisoning gate, the audit and the outbox apply as for REST.
 */
@ApplicationScoped
class CaptureTools {

  private static final Set<String> REMEMBER =
      Set.of(
          "agent",
          "chat",
          "thread",
          "session",
          "scope",
          "category",
          "text",
          "confidence",
          "source",
          "expires_at",
          "mode");
  private static final Pattern CURSOR = Pattern.compile("^[0-9]{1,19}$");
  static final Pattern MODE = Pattern.compile("^[a-z][a-z0-9_-]{0,31}$");
  private static final Set<String> PROMOTION_STATUS = Set.of("PENDING", "APPROVED", "REJECTED");

  private final McpCallers callers;
  private final CaptureApi capture;
  private final MemoriesClient memories;
  private final ToolReplies replies;

  CaptureTools(
      McpCallers callers, CaptureApi capture, MemoriesClient memories, ToolReplies replies) {
    this.callers = callers;
    this.capture = capture;
    this.memories = memories;
    this.replies = replies;
  }

  @ToolBudget(EndpointClass.WRITES)
  @Tool(
      name = "remember",
      description =
          "Store a long-term memory for the agent (and chat). It passes the same checks as any"
              + " write; a suspicious one is quarantined. Answers the stored memory {id, agent,"
              + " chat, scope, category, text, confidence, source, mode, status, created_at,"
              + " ...}. With a mode, recall and context for another mode never see it.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> remember(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args = callers.args(message, REMEMBER);
          Map<String, Object> body = new LinkedHashMap<>();
          body.put("agent", args.requiredName("agent"));
          put(body, "chat", args.optionalName("chat"));
          put(body, "thread", args.optionalName("thread"));
          put(body, "session", args.optionalName("session"));
          put(body, "scope", args.optionalChoice("scope", Set.of("GLOBAL", "AGENT", "CHAT")));
          put(
              body,
              "category",
              args.optionalChoice("category", Set.of("PROFILE", "KNOWLEDGE", "EVENT", "DECISION")));
          body.put("text", args.requiredContent("text", false));
          put(body, "confidence", args.optionalFraction("confidence"));
          put(body, "source", args.optionalSlug("source"));
          put(body, "expires_at", instant("expires_at", args.optionalText("expires_at")));
          put(body, "mode", mode(args.optionalText("mode")));
          return capture.remember(callers.key(), body);
        });
  }

  @ToolBudget(EndpointClass.WRITES)
  @Tool(
      name = "forget",
      description =
          "Delete one of the agent's memories for good, with everything derived from it (its"
              + " facts, its index entry). Answers {id, deleted: true}.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> forget(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args = callers.args(message, Set.of("agent", "chat", "id"));
          String agent = args.requiredName("agent");
          String chat = args.optionalName("chat");
          long id = args.requiredLong("id");
          MemoriesClient.As as = callers.key();
          // The key's tenant may hold other agents' memories: only this agent's (chat's) go.
          return memories
              .find(as, id)
              .chain(
                  found -> {
                    if (found.isEmpty()
                        || !agent.equals(found.get().agent())
                        || (chat != null && !chat.equals(found.get().chat()))) {
                      throw new ToolFailure(
                          "no memory " + id + " of this agent" + (chat == null ? "" : " and chat"));
                    }
                    return capture.delete(as, id);
                  })
              .map(ignored -> Map.of("id", id, "deleted", true));
        });
  }

  @Tool(
      name = "promotion_candidates",
      description =
          "What the promotion gate proposes to make canonical (identity or long-held memories and"
              + " facts), newest first: {items: [{id, target_type, target_id, kind, status, text,"
              + " confidence, days, sessions, ...}], next_cursor}. Listing only: approving or"
              + " rejecting stays a person's act in the console (or REST with an admin key).",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> promotionCandidates(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args = callers.args(message, Set.of("status", "limit", "cursor"));
          String status = args.optionalChoice("status", PROMOTION_STATUS);
          int limit = args.limit(50, 200);
          String cursor = args.optionalText("cursor");
          if (cursor != null && !CURSOR.matcher(cursor).matches()) {
            throw new ToolFailure("cursor must be a next_cursor a listing answered");
          }
          return capture.promotions(
              callers.key(), status == null ? "PENDING" : status, limit, cursor);
        });
  }

  @Tool(
      name = "stats",
      description =
          "The tenant at a glance: memories by state, exchanges, facts, the Reflector's backlog,"
              + " the outbox. Needs an admin key.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> stats(RawMessage message) {
    return replies.reply(
        () -> {
          callers.args(message, Set.of());
          return capture.stats(callers.key());
        });
  }

  /** capture's mode check (V9's column constraint), so a bad mode is told here in its words. */
  static String mode(String value) {
    if (value != null && !MODE.matcher(value).matches()) {
      throw new ToolFailure(
          "mode must be a lower-case token of 1-32 letters, digits, '_' or '-' such as work");
    }
    return value;
  }

  static String instant(String name, String value) {
    if (value == null) {
      return null;
    }
    try {
      return Instant.parse(value).toString();
    } catch (DateTimeParseException e) {
      throw new ToolFailure(name + " must be an RFC 3339 time such as 2026-03-01T00:00:00Z");
    }
  }

  static void put(Map<String, Object> body, String name, Object value) {
    if (value != null) {
      body.put(name, value);
    }
  }
}
