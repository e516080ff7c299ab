package dev.engram.recall.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * capture-service's session API ({@code POST /v1/sessions}, {@code .../{id}/end}, {@code
 * .../{id}/checkpoint}) on {@link CaptureStandIn}'s port, with the rules the tools depend on:
 * tenant from the key, sessions of another tenant or agent unknown (404), 409 when an id exists
 * with another chat or thread, 200 for a retry of the same start.
 */
public final class SessionsStandIn {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One request as received: method, path, Authorization header and body. */
  public record Call(String method, String path, String authorization, JsonNode body) {}

  private final Map<String, ObjectNode> sessions = new ConcurrentHashMap<>();
  private final List<Call> calls = new CopyOnWriteArrayList<>();
  private final AtomicLong ids = new AtomicLong(500);
  private volatile int status = 200;

  SessionsStandIn(CaptureStandIn capture) {
    capture.serve("/v1/sessions", this::handle);
  }

  public List<Call> calls() {
    return calls;
  }

  /** Answers every request with this status (503: capture is down). */
  public void status(int status) {
    this.status = status;
  }

  public void reset() {
    sessions.clear();
    calls.clear();
    status = 200;
  }

  private void handle(HttpExchange ex) throws IOException {
    String auth = ex.getRequestHeaders().getFirst("Authorization");
    byte[] in = ex.getRequestBody().readAllBytes();
    JsonNode body = in.length == 0 ? JSON.createObjectNode() : JSON.readTree(in);
    String path = ex.getRequestURI().getPath();
    calls.add(new Call(ex.getRequestMethod(), path, auth, body));
    if (status != 200) {
      CaptureStandIn.send(ex, status, CaptureStandIn.problem(status, "unavailable", "down"));
      return;
    }
    String tenant = CaptureStandIn.TENANTS.get(auth);
    if (tenant == null) {
      CaptureStandIn.send(ex, 401, CaptureStandIn.problem(401, "unauthenticated", "no key"));
      return;
    }
    String[] parts = path.split("/"); // "", v1, sessions, {id}, end|checkpoint
    if (parts.length == 3) {
      start(ex, tenant, body);
      return;
    }
    ObjectNode session = sessions.get(tenant + " " + parts[3]);
    if (session == null || !session.get("agent").asText().equals(body.path("agent").asText())) {
      CaptureStandIn.send(
          ex, 404, CaptureStandIn.problem(404, "session_not_found", "No session " + parts[3]));
      return;
    }
    if (parts[4].equals("end")) {
      session.put("ended_at", "2026-05-08T15:00:00Z").put("summary", body.path("summary").asText());
      ObjectNode answer = JSON.createObjectNode();
      answer.set("session", session);
      answer.set("handoff", slot("THREAD", session.path("thread").asText(), "handoff", body));
      CaptureStandIn.send(ex, 200, answer.put("reflector", "started"));
      return;
    }
    ObjectNode answer = JSON.createObjectNode();
    answer
        .putObject("checkpoint")
        .put("id", ids.incrementAndGet())
        .put("session", parts[3])
        .put("created_at", "2026-05-08T14:30:00Z");
    answer.set("slot", slot("SESSION", parts[3], "checkpoint", body));
    CaptureStandIn.send(ex, 201, answer);
  }

  private void start(HttpExchange ex, String tenant, JsonNode body) throws IOException {
    String id =
        body.hasNonNull("session") ? body.get("session").asText() : "s-" + ids.incrementAndGet();
    ObjectNode known = sessions.get(tenant + " " + id);
    if (known != null) {
      boolean same =
          Objects.equals(known.get("chat").textValue(), body.path("chat").textValue())
              && Objects.equals(known.get("thread").textValue(), body.path("thread").textValue());
      if (!same) {
        CaptureStandIn.send(
            ex, 409, CaptureStandIn.problem(409, "conflict", "session " + id + " differs"));
      } else {
        CaptureStandIn.send(ex, 200, known);
      }
      return;
    }
    ObjectNode session = JSON.createObjectNode().put("session", id);
    session.put("agent", body.get("agent").asText());
    session
        .put("chat", body.path("chat").textValue())
        .put("thread", body.path("thread").textValue());
    session.put("started_at", "2026-05-08T14:00:00Z").putNull("ended_at").putNull("summary");
    session.putArray("checkpoints");
    sessions.put(tenant + " " + id, session);
    CaptureStandIn.send(ex, 201, session);
  }

  private static ObjectNode slot(String ownerType, String owner, String name, JsonNode body) {
    String content = body.path("summary").asText("");
    if (body.has("commitments")) {
      content += " Open: " + body.get("commitments");
    }
    return JSON.createObjectNode()
        .put("owner_type", ownerType)
        .put("owner_id", owner)
        .put("name", name)
        .put("content", content)
        .put("version", 1);
  }
}
