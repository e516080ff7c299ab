package dev.engram.recall.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * capture-service's exchange append and promotion listing, and graph-service's beliefs, as the
 * whole-turn tools use them: the tenant from the key, a turn already stored answered as a
 * duplicate, an {@code Idempotency-Key} seen before answered with the first answer, one belief
 * ("Alice lives in Porto") of tenant t1. The real rules are exercised end to end by McpWholeTurnIT.
 */
final class TurnsStandIn {

  /** One request as it arrived: method, path and query, key, Idempotency-Key, body. */
  record Request(String line, String auth, String idempotencyKey, JsonNode body) {}

  private static final ObjectMapper JSON = new ObjectMapper();

  private final AtomicLong ids = new AtomicLong(9000);
  private final Map<String, Long> stored = new ConcurrentHashMap<>();
  private final Map<String, JsonNode> answers = new ConcurrentHashMap<>();
  private final List<Request> requests = new CopyOnWriteArrayList<>();

  TurnsStandIn(CaptureStandIn capture, GraphStandIn graph) {
    capture.serve("/v1/exchanges", this::exchanges);
    capture.serve("/v1/promotions", this::promotions);
    graph.serve("/v1/beliefs", this::beliefs);
  }

  void reset() {
    stored.clear();
    answers.clear();
    requests.clear();
  }

  /** Every request these endpoints received, in order. */
  List<Request> requests() {
    return requests;
  }

  private String tenant(HttpExchange ex, JsonNode body) throws IOException {
    String auth = ex.getRequestHeaders().getFirst("Authorization");
    String query = ex.getRequestURI().getRawQuery();
    requests.add(
        new Request(
            ex.getRequestMethod()
                + " "
                + ex.getRequestURI().getRawPath()
                + (query == null ? "" : "?" + query),
            auth,
            ex.getRequestHeaders().getFirst("Idempotency-Key"),
            body));
    String tenant = CaptureStandIn.TENANTS.get(auth);
    if (tenant == null) {
      CaptureStandIn.send(ex, 401, CaptureStandIn.problem(401, "unauthorized", "no valid key"));
    }
    return tenant;
  }

  private static JsonNode body(HttpExchange ex) throws IOException {
    byte[] in = ex.getRequestBody().readAllBytes();
    return in.length == 0 ? null : JSON.readTree(in);
  }

  private void exchanges(HttpExchange ex) throws IOException {
    JsonNode body = body(ex);
    String tenant = tenant(ex, body);
    if (tenant == null) {
      return;
    }
    String key = ex.getRequestHeaders().getFirst("Idempotency-Key");
    if (key != null && answers.containsKey(tenant + " " + key)) {
      CaptureStandIn.send(ex, 201, answers.get(tenant + " " + key));
      return;
    }
    ObjectNode answer = JSON.createObjectNode();
    ArrayNode items = answer.putArray("items");
    for (JsonNode turn : body.get("exchanges")) {
      String hash =
          tenant
              + " "
              + turn.path("agent").asText()
              + " "
              + turn.path("chat").asText()
              + " "
              + turn.path("speaker").asText()
              + " "
              + turn.path("text").asText();
      Long earlier = stored.get(hash);
      long id = earlier == null ? ids.incrementAndGet() : earlier;
      stored.putIfAbsent(hash, id);
      items
          .addObject()
          .put("id", id)
          .put("duplicate", earlier != null)
          .put("status", "ACTIVE")
          .putArray("memory_ids");
    }
    if (key != null) {
      answers.put(tenant + " " + key, answer);
    }
    CaptureStandIn.send(ex, 201, answer);
  }

  private void promotions(HttpExchange ex) throws IOException {
    String tenant = tenant(ex, null);
    if (tenant == null) {
      return;
    }
    ObjectNode page = JSON.createObjectNode();
    ArrayNode items = page.putArray("items");
    if (tenant.equals("t1")) {
      items
          .addObject()
          .put("id", 7)
          .put("target_type", "memory")
          .put("kind", "IDENTITY")
          .put("status", "PENDING")
          .put("text", "Alice is the user's sister");
    }
    page.putNull("next_cursor");
    CaptureStandIn.send(ex, 200, page);
  }

  private void beliefs(HttpExchange ex) throws IOException {
    JsonNode body = body(ex);
    String tenant = tenant(ex, body);
    if (tenant == null) {
      return;
    }
    if (ex.getRequestURI().getRawPath().endsWith("/infer")) {
      ObjectNode answer = JSON.createObjectNode();
      answer.set("from", body.get("from"));
      answer.set("to", body.get("to"));
      answer.putNull("conclusion");
      answer.putArray("chains");
      CaptureStandIn.send(ex, 200, answer);
      return;
    }
    String raw = ex.getRequestURI().getRawQuery();
    String statement =
        raw == null
            ? ""
            : URLDecoder.decode(raw.replaceFirst("^statement=", ""), StandardCharsets.UTF_8);
    if (!tenant.equals("t1") || !statement.equals("Alice lives in Porto")) {
      CaptureStandIn.send(
          ex, 404, CaptureStandIn.problem(404, "belief_not_found", "No belief about that"));
      return;
    }
    ObjectNode belief = JSON.createObjectNode().put("id", "b-1").put("statement", statement);
    belief.put("strength", 0.9).put("confidence", 0.6).putArray("evidence");
    CaptureStandIn.send(ex, 200, belief);
  }
}
