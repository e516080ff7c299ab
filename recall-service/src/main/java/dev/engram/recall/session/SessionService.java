package dev.engram.recall.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.common.error.CommonError;
import dev.engram.common.error.EngramException;
import dev.engram.recall.client.CaptureApi;
import dev.engram.recall.client.CaptureRefusal;
import dev.engram.recall.client.CaptureUnavailable;
import dev.engram.recall.client.MemoriesClient;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.context.ContextRequest;
import dev.engram.recall.context.ContextService;
import dev.engram.recall.injection.InjectionRecord;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Session start: records the session through capture-service with the caller's key (so capture's
 * rules, audit and idempotency apply), then assembles its warm-start context: slots (hot context,
 * the thread's handoff, the checkpoint), the recent turns, identity and profile memories, and what
 * is relevant to the first message. Nothing is assembled when capture did not record the session.
 */
@ApplicationScoped
public class SessionService {

  private final CaptureApi capture;
  private final ContextService context;
  private final RecallConfig config;

  SessionService(CaptureApi capture, ContextService context, RecallConfig config) {
    this.capture = capture;
    this.context = context;
    this.config = config;
  }

  /** Blocking (the context embeds and searches): call it on a worker thread. */
  public SessionStart start(String tenant, MemoriesClient.As as, SessionStartRequest r) {
    if (r.firstMessage() != null
        && r.firstMessage().getBytes(StandardCharsets.UTF_8).length > config.maxTextBytes()) {
      throw EngramException.invalid(
          "first_message", "max_bytes", "at most " + config.maxTextBytes() + " bytes");
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("agent", r.agent());
    put(body, "chat", r.chat());
    put(body, "thread", r.thread());
    put(body, "session", r.session());
    put(body, "first_message", r.firstMessage());
    JsonNode session = record(as, body);
    String id = session.path("session").asText(r.session());
    var answer =
        context.context(
            tenant,
            new ContextRequest(
                r.agent(),
                r.chat(),
                r.thread(),
                id,
                r.firstMessage(),
                r.budgetTokens(),
                null,
                r.mode()),
            InjectionRecord.SESSION_START);
    return new SessionStart(session, answer);
  }

  private JsonNode record(MemoriesClient.As as, Map<String, Object> body) {
    try {
      return capture.startSession(as, body).await().indefinitely(); // the client has a deadline
    } catch (CaptureUnavailable e) {
      throw new EngramException(
          CommonError.UNAVAILABLE, "the session could not be recorded: " + e.getMessage());
    } catch (CaptureRefusal e) {
      throw new EngramException(
          e.status() >= 500 ? CommonError.UNAVAILABLE : CommonError.forStatus(e.status()),
          "capture-service refused the session: " + e.getMessage());
    }
  }

  private static void put(Map<String, Object> body, String name, Object value) {
    if (value != null) {
      body.put(name, value);
    }
  }
}
