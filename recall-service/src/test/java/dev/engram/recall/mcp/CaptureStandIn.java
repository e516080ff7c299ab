package dev.engram.recall.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Stands in for capture-service's memory API in these tests, with its rules as far as the MCP tools
 * depend on them: tenant from the key (404 for another tenant's id), scope from agent/chat, listing
 * by agent, chat, scope and status in pages, and which states each write accepts. The real API is
 * exercised end to end by McpMicroClawIT and McpReplicasIT (McpMicroClawChecks).
 */
final class CaptureStandIn implements AutoCloseable {

  /** Test keys (see application.properties) and the tenants they act for. */
  static final Map<String, String> TENANTS =
      Map.of(
          "Bearer test-agent-t1", "t1", "Bearer test-agent-t2", "t2", "Bearer test-admin-t1", "t1");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int PAGE_LIMIT = 200;

  private final HttpServer server;
  private final AtomicLong ids = new AtomicLong(4700);
  private final Map<Long, ObjectNode> rows = new ConcurrentHashMap<>();
  private final Map<Long, String> tenants = new ConcurrentHashMap<>();
  private final List<String> calls = new CopyOnWriteArrayList<>();
  private final List<String> prepaid = new CopyOnWriteArrayList<>();
  private final List<String> correlations = new CopyOnWriteArrayList<>();
  private volatile int status = 200;

  CaptureStandIn() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/v1/memories", this::handle);
    server.start();
  }

  /** Serves more of capture's API on the same port (slots, stats: {@link CaptureApiStandIn}). */
  void serve(String path, HttpHandler handler) {
    server.createContext(path, handler);
  }

  /** Whether the tenant still holds the memory (forget deletes it). */
  boolean holds(String tenant, long id) {
    return rows.containsKey(id) && tenant.equals(tenants.get(id));
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** "METHOD path Authorization" of every request, in order. */
  List<String> calls() {
    return calls;
  }

  /** The prepaid mark (an internal key: recall charged the call already) of every request. */
  List<String> prepaid() {
    return prepaid;
  }

  /** The correlation id of every request ("none" when it carried none). */
  List<String> correlations() {
    return correlations;
  }

  /** Answers every request with this status (503: capture is down). */
  void status(int status) {
    this.status = status;
  }

  /** Stores a memory as another client of capture would (REST, another gateway). */
  long put(String tenant, String agent, String chat, String scope, String text) {
    ObjectNode m = JSON.createObjectNode().put("text", text).put("agent", agent);
    m.put("chat", chat).put("scope", scope);
    return create(tenant, m).get("id").asLong();
  }

  private void handle(HttpExchange ex) throws IOException {
    String auth = ex.getRequestHeaders().getFirst("Authorization");
    String path = ex.getRequestURI().getPath();
    calls.add(ex.getRequestMethod() + " " + path + " " + auth);
    prepaid.add(String.valueOf(ex.getRequestHeaders().getFirst("X-Engram-Prepaid")));
    String correlation = ex.getRequestHeaders().getFirst("X-Correlation-Id");
    correlations.add(correlation == null ? "none" : correlation);
    String tenant = TENANTS.get(auth);
    byte[] in = ex.getRequestBody().readAllBytes();
    JsonNode body = in.length == 0 ? JSON.createObjectNode() : JSON.readTree(in);
    if (status != 200) {
      send(ex, status, problem(status, "unavailable", "down for the test"));
      return;
    }
    if (tenant == null) {
      send(ex, 401, problem(401, "unauthorized", "no valid key"));
      return;
    }
    String[] parts = path.substring("/v1/memories".length()).split("/");
    if (parts.length <= 1) {
      if (ex.getRequestMethod().equals("POST")) {
        send(ex, 201, create(tenant, (ObjectNode) body));
      } else {
        send(ex, 200, list(tenant, query(ex.getRequestURI().getRawQuery())));
      }
      return;
    }
    long id = Long.parseLong(parts[1]);
    ObjectNode m = rows.get(id);
    if (m == null || !tenant.equals(tenants.get(id))) {
      send(ex, 404, problem(404, "memory_not_found", "No memory with id " + id));
      return;
    }
    if (ex.getRequestMethod().equals("DELETE")) {
      rows.remove(id);
      tenants.remove(id);
      send(ex, 204, null);
      return;
    }
    synchronized (m) {
      String op = parts.length > 2 ? parts[2] : "get";
      String state = m.get("status").asText();
      boolean allowed =
          switch (op) {
            case "get" -> true;
            case "revise" -> state.equals("ACTIVE") || state.equals("ARCHIVED");
            case "touch" -> !state.equals("QUARANTINED");
            default -> state.equals("ACTIVE");
          };
      if (!allowed) {
        send(ex, 409, problem(409, "memory_not_active", "Memory " + id + " is " + state));
        return;
      }
      String now = Instant.now().toString();
      switch (op) {
        case "revise" -> {
          m.put("text", body.get("text").asText()).put("status", "ACTIVE").putNull("archived_at");
          copy(body, m, "category", "confidence", "source");
          m.put("updated_at", now).put("last_seen_at", now);
        }
        case "archive" ->
            m.put("status", "ARCHIVED").put("archived_at", now).put("updated_at", now);
        case "touch" -> {
          m.put("last_seen_at", now);
          if (body.hasNonNull("confidence_floor")) {
            double floor = body.get("confidence_floor").asDouble();
            m.put("confidence", Math.max(m.get("confidence").asDouble(), floor));
          }
        }
        case "supersede" -> {
          ObjectNode next = m.deepCopy();
          next.put("text", body.get("text").asText()).put("supersedes", id);
          copy(body, next, "category", "confidence", "source");
          ObjectNode created = create(tenant, next);
          m.put("status", "SUPERSEDED").put("superseded_at", now).put("updated_at", now);
          m.put("superseded_by", created.get("id").asLong()).put("status_reason", text(body));
          send(ex, 201, created);
          return;
        }
        default -> {}
      }
      send(ex, 200, m);
    }
  }

  private static String text(JsonNode body) {
    return body.path("reason").isNull() ? null : body.path("reason").asText(null);
  }

  private static void copy(JsonNode from, ObjectNode to, String... fields) {
    for (String f : fields) {
      if (from.hasNonNull(f)) {
        to.set(f, from.get(f));
      }
    }
  }

  private ObjectNode create(String tenant, ObjectNode in) {
    long id = ids.incrementAndGet();
    String now = Instant.now().toString();
    ObjectNode m = JSON.createObjectNode().put("id", id);
    m.put("agent", in.path("agent").asText(null)).put("chat", in.path("chat").asText(null));
    String scope =
        in.hasNonNull("scope")
            ? in.get("scope").asText()
            : in.hasNonNull("chat") ? "CHAT" : "AGENT";
    m.put("scope", scope);
    m.put("category", in.hasNonNull("category") ? in.get("category").asText() : "KNOWLEDGE");
    m.put("text", in.get("text").asText());
    m.put("confidence", in.hasNonNull("confidence") ? in.get("confidence").asDouble() : 0.8);
    m.put("source", in.hasNonNull("source") ? in.get("source").asText() : "api");
    copy(in, m, "mode");
    boolean poisoned = m.get("text").asText().toLowerCase().contains("ignore all previous");
    m.put("status", poisoned ? "QUARANTINED" : "ACTIVE");
    m.put("created_at", now).put("updated_at", now).put("last_seen_at", now);
    m.putNull("archived_at").putNull("superseded_at").putNull("expires_at");
    rows.put(id, m);
    tenants.put(id, tenant);
    return m;
  }

  private ObjectNode list(String tenant, Map<String, String> q) {
    int limit = Integer.parseInt(q.getOrDefault("limit", "50"));
    long before = Long.parseLong(q.getOrDefault("cursor", Long.toString(Long.MAX_VALUE)));
    if (limit < 1 || limit > PAGE_LIMIT) {
      throw new IllegalArgumentException("limit " + limit);
    }
    List<ObjectNode> page =
        rows.entrySet().stream()
            .filter(e -> tenant.equals(tenants.get(e.getKey())) && e.getKey() < before)
            .map(Map.Entry::getValue)
            .filter(m -> matches(m, "agent", q.get("agent")) && matches(m, "chat", q.get("chat")))
            .filter(m -> matches(m, "scope", q.get("scope")))
            .filter(m -> matches(m, "status", q.getOrDefault("status", "ACTIVE")))
            .filter(m -> m.path("confidence").asDouble() >= minConfidence(q))
            .filter(m -> !"true".equals(q.get("unexpired")) || unexpired(m))
            .sorted(order(q.get("order")))
            .limit(limit)
            .toList();
    ObjectNode out = JSON.createObjectNode();
    out.putArray("items").addAll(page);
    if (page.size() == limit && !"updated".equals(q.get("order"))) {
      out.put("next_cursor", page.getLast().get("id").asText());
    } else {
      out.putNull("next_cursor");
    }
    return out;
  }

  /** capture's listing order: by id, or (order=updated) by last update, one page. */
  private static java.util.Comparator<ObjectNode> order(String order) {
    java.util.Comparator<ObjectNode> byId =
        (a, b) -> Long.compare(b.get("id").asLong(), a.get("id").asLong());
    if (order == null) {
      return byId;
    }
    if (!order.equals("updated")) {
      throw new IllegalArgumentException("order " + order);
    }
    return java.util.Comparator.<ObjectNode, String>comparing(
            m -> m.path("updated_at").asText(m.path("created_at").asText("")))
        .reversed()
        .thenComparing(byId);
  }

  private static double minConfidence(Map<String, String> q) {
    return Double.parseDouble(q.getOrDefault("min_confidence", "0"));
  }

  private static boolean unexpired(ObjectNode m) {
    String expires = m.path("expires_at").asText(null);
    return expires == null || java.time.Instant.parse(expires).isAfter(java.time.Instant.now());
  }

  private static boolean matches(ObjectNode m, String field, String wanted) {
    return wanted == null || wanted.equalsIgnoreCase(m.path(field).asText(null));
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> q = new HashMap<>();
    if (raw != null) {
      for (String pair : raw.split("&")) {
        String[] kv = pair.split("=", 2);
        q.put(kv[0], URLDecoder.decode(kv.length > 1 ? kv[1] : "", StandardCharsets.UTF_8));
      }
    }
    return q;
  }

  static ObjectNode problem(int status, String code, String detail) {
    return JSON.createObjectNode().put("status", status).put("code", code).put("detail", detail);
  }

  static void send(HttpExchange ex, int status, JsonNode body) throws IOException {
    if (body == null) {
      ex.sendResponseHeaders(status, -1);
      ex.close();
      return;
    }
    byte[] bytes = JSON.writeValueAsBytes(body);
    ex.getResponseHeaders()
        .add("Content-Type", status < 400 ? "application/json" : "application/problem+json");
    ex.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** Empties the stand-in between tests. */
  void reset() {
    rows.clear();
    tenants.clear();
    calls.clear();
    prepaid.clear();
    correlations.clear();
    status = 200;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
