package dev.engram.recall.mcp;

import dev.engram.common.ratelimit.RateLimits.EndpointClass;
import dev.engram.recall.client.CaptureApi;
import dev.engram.recall.session.SessionService;
import dev.engram.recall.session.SessionStartRequest;
import io.quarkiverse.mcp.server.RawMessage;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code session_start}, {@code session_end} and {@code checkpoint}: the session calls a gateway
 * makes around its conversation, onto capture-service's session API with the caller's key (so a
 * session of another tenant does not exist, and capture refuses one of another agent). Session
 * start also answers the warm-start context, as {@code POST /v1/sessions/start} does.
 */
@ApplicationScoped
class SessionTools {

  private static final Set<String> START =
      Set.of("agent", "chat", "thread", "session", "first_message", "budget_tokens", "mode");
  private static final Set<String> END = Set.of("agent", "session", "chat", "thread", "summary");
  private static final Set<String> CHECKPOINT =
      Set.of("agent", "session", "chat", "thread", "summary", "commitments");
  private static final int MAX_COMMITMENTS = 50;

  private final McpCallers callers;
  private final SessionService sessions;
  private final CaptureApi capture;
  private final ToolReplies replies;

  SessionTools(
      McpCallers callers, SessionService sessions, CaptureApi capture, ToolReplies replies) {
    this.callers = callers;
    this.sessions = sessions;
    this.capture = capture;
    this.replies = replies;
  }

  @ToolBudget(EndpointClass.WRITES)
  @Tool(
      name = "session_start",
      description =
          "Start (or resume) a session and get the warm-start context for it, within a token"
              + " budget: hot context, where the thread left off (its handoff and open"
              + " commitments), the last checkpoint, the recent turns of the chat, who is who, and"
              + " what is relevant to the first message. Answers {session: {session, agent, chat,"
              + " thread, started_at, ...}, context: {text, tokens, sections, skipped, ...}}.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  ToolResponse sessionStart(RawMessage message) {
    return replies.replyNow(
        () -> {
          ToolArgs args = callers.args(message, START);
          var request =
              new SessionStartRequest(
                  args.requiredName("agent"),
                  args.optionalName("chat"),
                  args.optionalName("thread"),
                  args.optionalName("session"),
                  optionalContent(args, "first_message"),
                  (int) (long) args.requiredRange("budget_tokens", 1, 1_000_000),
                  CaptureTools.mode(args.optionalText("mode")));
          return sessions.start(callers.tenant(), callers.key(), request);
        });
  }

  @ToolBudget(EndpointClass.WRITES)
  @Tool(
      name = "session_end",
      description =
          "End a session: writes the thread's handoff (where it left off, with the summary),"
              + " puts the summary in that day's log, and runs the Reflector on the chat. Answers"
              + " {session, handoff, reflector: started | skipped}.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> sessionEnd(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args = callers.args(message, END);
          Map<String, Object> body = body(args);
          CaptureTools.put(body, "summary", optionalContent(args, "summary"));
          return capture.endSession(callers.key(), args.requiredName("session"), body);
        });
  }

  @ToolBudget(EndpointClass.WRITES)
  @Tool(
      name = "checkpoint",
      description =
          "Before compacting the conversation: store a summary of the turns about to be dropped"
              + " and the open commitments, so the next session_start or context shows them."
              + " Answers {checkpoint: {id, session, created_at}, slot}.",
      inputSchema = @Tool.InputSchema(generator = EngramSchemas.class))
  Uni<ToolResponse> checkpoint(RawMessage message) {
    return replies.reply(
        () -> {
          ToolArgs args = callers.args(message, CHECKPOINT);
          Map<String, Object> body = body(args);
          CaptureTools.put(body, "summary", optionalContent(args, "summary"));
          CaptureTools.put(body, "commitments", args.optionalTexts("commitments", MAX_COMMITMENTS));
          return capture.checkpoint(callers.key(), args.requiredName("session"), body);
        });
  }

  /** The agent, chat and thread every session call names. */
  private static Map<String, Object> body(ToolArgs args) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("agent", args.requiredName("agent"));
    CaptureTools.put(body, "chat", args.optionalName("chat"));
    CaptureTools.put(body, "thread", args.optionalName("thread"));
    return body;
  }

  private static String optionalContent(ToolArgs args, String name) {
    return args.optionalText(name) == null ? null : args.requiredContent(name, false);
  }
}
