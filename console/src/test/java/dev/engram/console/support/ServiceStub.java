package dev.engram.console.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Stands in for capture- and recall-service's public APIs: answers what a test set for "METHOD
 * /path" (the query string aside), knows which keys are whose ({@code GET /v1/keys/me}), and
 * records every request with its Authorization header, so tests can see what the console sent and
 * on whose behalf.
 */
public final class ServiceStub implements AutoCloseable {

  /** A request as the stub received it. */
  public record Received(
      String method, String path, String query, String authorization, String body) {

    /** True for a request that could change something upstream. */
    public boolean write() {
      return !method.equals("GET") && !path.equals("/v1/keys/me");
    }
  }

  private record Answer(int status, String body) {}

  private final HttpServer server;
  private final Map<String, Answer> answers = new ConcurrentHashMap<>();
  private final Map<String, String> people = new ConcurrentHashMap<>();
  private final List<Received> received = new CopyOnWriteArrayList<>();

  public ServiceStub() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    server.start();
  }

  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Forgets what was set and received; the test keys stay known. */
  public void reset() {
    answers.clear();
    received.clear();
    people.clear();
    person(TestKeys.ADMIN, "admin-1", "acme", "\"admin\",\"agent\"");
    person(TestKeys.AGENT, "agent-1", "acme", "\"agent\"");
    person(TestKeys.OTHER_ADMIN, "admin-2", "acme", "\"admin\",\"agent\"");
    person(TestKeys.OPS, "ops-1", "*", "\"ops\"");
  }

  private void person(String key, String keyId, String tenant, String roles) {
    people.put(
        "Bearer " + key,
        "{\"key_id\":\"%s\",\"tenant\":\"%s\",\"roles\":[%s]}".formatted(keyId, tenant, roles));
  }

  /** What "METHOD /path" answers from now on. */
  public ServiceStub answer(String methodAndPath, int status, String json) {
    answers.put(methodAndPath, new Answer(status, json));
    return this;
  }

  /** A refusal as the services send it (problem+json with a detail). */
  public ServiceStub refuse(String methodAndPath, int status, String detail) {
    return answer(
        methodAndPath,
        status,
        "{\"type\":\"urn:engram:problem:x\",\"title\":\"Refused\",\"status\":%d,\"detail\":\"%s\",\"code\":\"x\"}"
            .formatted(status, detail));
  }

  public List<Received> received() {
    return List.copyOf(received);
  }

  /**
   * Every read a page makes answered with harmless content: memory 41 and its list, relations,
   * audit, a recall hit, one quarantined item, one promotion, the tenant's stats.
   */
  public ServiceStub everyPage() {
    return answer("GET /v1/memories", 200, Fixtures.page(Fixtures.memory(41, "tea")))
        .answer("GET /v1/tenant/slots", 200, PageFixtures.notes())
        .answer(
            "GET /v1/tenant/slots/rules",
            200,
            PageFixtures.note("TENANT", "acme", "rules", "Be brief", 2))
        .answer("GET " + PageFixtures.CHAT_SLOTS, 200, PageFixtures.notes())
        .answer("GET /v1/sessions", 200, PageFixtures.sessions(null))
        .answer("GET /v1/sessions/s1", 200, PageFixtures.session("s1", null, "Planned"))
        .answer("GET /v1/injections", 200, PageFixtures.injections(null))
        .answer("GET /v1/injections/7", 200, PageFixtures.injection("tea"))
        .answer("GET /v1/memories/41", 200, Fixtures.memory(41, "tea"))
        .answer("GET /v1/memories/41/relations", 200, "{\"items\":[]}")
        .answer("GET /v1/audit", 200, "{\"items\":[],\"next_cursor\":null}")
        .answer("POST /v1/recall", 200, Fixtures.recall("tea"))
        .answer("GET /v1/quarantine", 200, Fixtures.quarantine("x"))
        .answer("GET /v1/promotions", 200, Fixtures.promotions("y"))
        .answer("GET /v1/stats", 200, Fixtures.STATS);
  }

  /** The raw query string of the first request to {@code path}. */
  public String queryOf(String path) {
    return received.stream()
        .filter(r -> r.path().equals(path))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no request to " + path))
        .query();
  }

  /** The Authorization headers of the requests whose path starts with {@code prefix}. */
  public List<String> authorizationsTo(String prefix) {
    return received.stream()
        .filter(r -> r.path().startsWith(prefix))
        .map(Received::authorization)
        .toList();
  }

  public List<Received> writes() {
    return received.stream().filter(Received::write).toList();
  }

  private void handle(HttpExchange exchange) throws IOException {
    String method = exchange.getRequestMethod();
    String path = exchange.getRequestURI().getPath();
    String auth = exchange.getRequestHeaders().getFirst("Authorization");
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    received.add(new Received(method, path, exchange.getRequestURI().getRawQuery(), auth, body));
    Answer answer;
    if (path.equals("/v1/keys/me")) {
      String me = auth == null ? null : people.get(auth);
      answer =
          me != null
              ? new Answer(200, me)
              : new Answer(
                  401, "{\"status\":401,\"title\":\"Unauthorized\",\"code\":\"unauthorized\"}");
    } else {
      answer =
          answers.getOrDefault(
              method + " " + path,
              new Answer(404, "{\"status\":404,\"detail\":\"nothing stubbed for " + path + "\"}"));
    }
    byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
    exchange
        .getResponseHeaders()
        .add(
            "Content-Type",
            answer.status() / 100 == 2 ? "application/json" : "application/problem+json");
    if (answer.status() == 204) {
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
      return;
    }
    exchange.sendResponseHeaders(answer.status(), bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
