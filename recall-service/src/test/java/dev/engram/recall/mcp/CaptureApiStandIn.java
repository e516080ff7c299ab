package dev.engram.recall.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * capture-service's slot, fact and stats API as the own tools use it, served on {@link
 * CaptureStandIn}'s port: slots by tenant and path with versions (tenant notes written by admin
 * keys only, 403 for agents), listed by owner and deleted, stats for admin keys only (403 for
 * agents).
 */
final class CaptureApiStandIn {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Map<String, ObjectNode> slots = new ConcurrentHashMap<>();
  private final Map<Long, ObjectNode> facts = new ConcurrentHashMap<>();
  private final AtomicLong factIds = new AtomicLong(100);

  CaptureApiStandIn(CaptureStandIn capture) {
    capture.serve("/v1/agents", this::slot);
    capture.serve("/v1/tenant/slots", this::slot);
    capture.serve("/v1/stats", this::stats);
    capture.serve("/v1/facts", this::fact);
  }

  void reset() {
    slots.clear();
    facts.clear();
  }

  /** The fact as stored (with its tenant), or null. */
  ObjectNode fact(long id) {
    return facts.get(id);
  }

  /** POST /v1/facts stores the body; POST /v1/facts/{id}/invalidate ends a fact of the tenant. */
  private void fact(HttpExchange ex) throws IOException {
    String tenant = CaptureStandIn.TENANTS.get(ex.getRequestHeaders().getFirst("Authorization"));
    if (tenant == null) {
      CaptureStandIn.send(ex, 401, CaptureStandIn.problem(401, "unauthorized", "no valid key"));
      return;
    }
    JsonNode body = JSON.readTree(ex.getRequestBody().readAllBytes());
    String path = ex.getRequestURI().getRawPath();
    if (path.equals("/v1/facts")) {
      ObjectNode fact = ((ObjectNode) body).deepCopy();
      fact.put("id", factIds.incrementAndGet()).put("tenant", tenant).put("status", "ACTIVE");
      facts.put(fact.get("id").asLong(), fact);
      CaptureStandIn.send(ex, 201, fact);
      return;
    }
    long id = Long.parseLong(path.split("/")[3]);
    ObjectNode fact = facts.get(id);
    if (fact == null
        || !fact.get("tenant").asText().equals(tenant)
        // capture's rule: with an agent (and chat) named, another agent's (chat's) fact is unknown
        || body.hasNonNull("agent")
            && !body.get("agent").asText().equals(fact.path("agent").asText())
        || body.hasNonNull("chat")
            && !body.get("chat").asText().equals(fact.path("chat").asText())) {
      CaptureStandIn.send(ex, 404, CaptureStandIn.problem(404, "fact_not_found", "No fact " + id));
      return;
    }
    if (!fact.has("invalidated_at")) {
      fact.put("invalidated_at", "2026-03-20T10:00:00Z");
      fact.put("valid_to", body.path("valid_to").asText("2026-03-20T10:00:00Z"));
    }
    CaptureStandIn.send(ex, 200, fact);
  }

  private void slot(HttpExchange ex) throws IOException {
    String auth = ex.getRequestHeaders().getFirst("Authorization");
    String tenant = CaptureStandIn.TENANTS.get(auth);
    if (tenant == null) {
      CaptureStandIn.send(ex, 401, CaptureStandIn.problem(401, "unauthorized", "no valid key"));
      return;
    }
    String path = ex.getRequestURI().getRawPath();
    String key = tenant + " " + path;
    String name = path.substring(path.lastIndexOf('/') + 1);
    String method = ex.getRequestMethod();
    // capture's rule: any key reads the tenant's notes, only an admin key writes them
    if (path.startsWith("/v1/tenant/") && !method.equals("GET") && !auth.contains("admin")) {
      CaptureStandIn.send(
          ex,
          403,
          CaptureStandIn.problem(403, "tenant_slot_needs_admin", "tenant notes need an admin key"));
      return;
    }
    synchronized (slots) {
      ObjectNode slot = slots.get(key);
      if (method.equals("GET") && path.endsWith("/slots")) {
        ObjectNode list = JSON.createObjectNode();
        var items = list.putArray("items");
        slots.forEach(
            (k, v) -> {
              if (k.startsWith(key + "/")) {
                items.add(v);
              }
            });
        CaptureStandIn.send(ex, 200, list);
        return;
      }
      if (method.equals("DELETE")) {
        if (slot == null) {
          CaptureStandIn.send(
              ex, 404, CaptureStandIn.problem(404, "slot_not_found", "No slot " + name));
        } else {
          slots.remove(key);
          ex.sendResponseHeaders(204, -1);
          ex.close();
        }
        return;
      }
      if (method.equals("GET")) {
        if (slot == null) {
          CaptureStandIn.send(
              ex, 404, CaptureStandIn.problem(404, "slot_not_found", "No slot " + name));
        } else {
          CaptureStandIn.send(ex, 200, slot);
        }
        return;
      }
      JsonNode body = JSON.readTree(ex.getRequestBody().readAllBytes());
      long version = slot == null ? 0 : slot.get("version").asLong();
      if (body.hasNonNull("expected_version") && body.get("expected_version").asLong() != version) {
        CaptureStandIn.send(
            ex, 409, CaptureStandIn.problem(409, "version_conflict", "slot is at " + version));
        return;
      }
      ObjectNode next = JSON.createObjectNode().put("name", name).put("path", path);
      next.put("content", body.get("content").asText()).put("version", version + 1);
      slots.put(key, next);
      CaptureStandIn.send(ex, 200, next);
    }
  }

  private void stats(HttpExchange ex) throws IOException {
    String auth = ex.getRequestHeaders().getFirst("Authorization");
    if (!"Bearer test-admin-t1".equals(auth)) {
      CaptureStandIn.send(ex, 403, CaptureStandIn.problem(403, "forbidden", "admin or ops only"));
      return;
    }
    ObjectNode stats = JSON.createObjectNode().put("tenant", "t1");
    stats.putObject("memories").put("active", 3).put("quarantined", 1);
    CaptureStandIn.send(ex, 200, stats);
  }
}
