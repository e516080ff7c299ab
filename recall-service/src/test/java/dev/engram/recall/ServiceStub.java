package dev.engram.recall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.engram.contracts.fixtures.Contracts;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * Stands in for another Engram service's internal endpoint in recall-service's own tests: records
 * what it receives, answers with a JSON body the test chooses, or is down (503) or slow, as the
 * real service could be. It holds both sides to the contract fixture of its endpoint
 * (docs/contracts, the fixtures the real service is tested against): a request of another shape
 * gets 400, and an answer a test chose that lacks a field of the fixture response, or has one of
 * another JSON type, gets 500 instead of reaching the client, so the stub cannot drift from the
 * real service.
 */
public final class ServiceStub implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One request as received: body (POST) or query string (GET), and its Authorization header. */
  public record Received(JsonNode body, String query, String authorization) {}

  /** One answer: its status and body. */
  public record Reply(int status, String body) {}

  /** The contract fixture of each endpoint this stub can stand in for. */
  private static final Map<String, String> FIXTURES =
      Map.of(
          "/internal/v1/graph/neighbours", "graph-neighbours",
          "/internal/v1/graph/facts/current", "graph-current-facts",
          "/internal/v1/graph/beliefs/about", "graph-beliefs-about",
          "/internal/v1/slots", "slots",
          "/internal/v1/exchanges/recent", "recent-turns",
          "/internal/v1/canonical", "canonical",
          "/internal/v1/context-parts", "context-parts");

  /** Query parameters a GET endpoint cannot do without (the contract's 400 names them). */
  private static final Map<String, List<String>> REQUIRED =
      Map.of(
          "slots", List.of("tenant", "agent"),
          "recent-turns", List.of("tenant", "agent", "chat", "limit"),
          "canonical", List.of("tenant", "agent"),
          "context-parts", List.of("tenant", "agent"));

  private final HttpServer server;
  private final boolean ownsServer;
  private final String api;
  private final String emptyAnswer;
  private final List<JsonNode> fixtureRequests;
  private final JsonNode fixtureResponse;
  private final List<JsonNode> fixtureResponses;
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final List<String> traceparents = new CopyOnWriteArrayList<>();
  private volatile Function<Received, String> answer;
  private volatile int status = 200;
  private volatile long delayMillis;
  private volatile Function<Received, Reply> parts;
  private volatile boolean ownAnswer;

  public ServiceStub(String path, String emptyAnswer) throws IOException {
    this(null, path, emptyAnswer);
  }

  /**
   * Another endpoint of the same service, on {@code host}'s port (as capture serves slots and
   * recent turns, graph neighbours and current facts, each at one base URL).
   */
  public ServiceStub(ServiceStub host, String path, String emptyAnswer) throws IOException {
    this.emptyAnswer = emptyAnswer;
    this.answer = r -> emptyAnswer;
    this.api = FIXTURES.get(path);
    if (api == null) {
      throw new IllegalArgumentException("no contract fixture for " + path);
    }
    this.fixtureRequests =
        Contracts.examples(api, "request").stream().map(file -> Contracts.json(api, file)).toList();
    this.fixtureResponse = Contracts.json(api, "response.json");
    this.fixtureResponses =
        Contracts.examples(api, "response").stream()
            .map(file -> Contracts.json(api, file))
            .toList();
    this.ownsServer = host == null;
    if (ownsServer) {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      server.setExecutor(Executors.newCachedThreadPool());
      server.start();
    } else {
      server = host.server;
    }
    server.createContext(path, this::handle);
  }

  private void handle(HttpExchange exchange) throws IOException {
    byte[] in = exchange.getRequestBody().readAllBytes();
    URI uri = exchange.getRequestURI();
    String traceparent = exchange.getRequestHeaders().getFirst("traceparent");
    if (traceparent != null) {
      traceparents.add(traceparent);
    }
    Reply reply =
        reply(
            new Received(
                in.length == 0 ? null : JSON.readTree(in),
                uri.getRawQuery(),
                exchange.getRequestHeaders().getFirst("Authorization")));
    if (reply.status() != 200) {
      System.err.println("ServiceStub " + exchange.getRequestURI() + ": " + reply.body());
    }
    byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(reply.status(), bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    } catch (IOException e) {
      // the client gave up waiting (a slow-stub test); nothing to do
    }
  }

  /**
   * What this stub answers {@code r} (recorded, after its delay), held to the contract: also how a
   * stand-in made of other stubs asks each of them.
   */
  public Reply reply(Received r) {
    received.add(r);
    if (delayMillis > 0) {
      try {
        Thread.sleep(delayMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    int code = status;
    String body = code == 200 ? answer.apply(r) : "{\"status\":" + code + "}";
    Function<Received, Reply> made = parts;
    if (code == 200 && made != null && !ownAnswer) {
      Reply inner = made.apply(r);
      code = inner.status();
      body = inner.body();
    }
    List<String> drift = requestErrors(r);
    if (!drift.isEmpty()) {
      code = 400;
      body = problem(400, "validation_failed", "the request differs from the contract: " + drift);
    } else if (code == 200) {
      drift = Contracts.shapeErrors(fixtureResponses, Contracts.parse(body), true);
      if (!drift.isEmpty()) {
        code = 500;
        body = problem(500, "stub_answer_drifted", "the test's answer differs: " + drift);
      }
    }
    return new Reply(code, body);
  }

  /**
   * Answers 200 requests with what {@code parts} makes of each (an answer built from other stubs'
   * replies, status included); its own {@link #status} and {@link #delay} still come first, an
   * answer a test sets replaces it until {@link #reset}, and reset keeps it.
   */
  public void answerFromParts(Function<Received, Reply> parts) {
    this.parts = parts;
  }

  /** A POST body has the fixture request's shape; a GET's parameters are the fixture's. */
  private List<String> requestErrors(Received r) {
    if (r.body() != null) {
      return Contracts.shapeErrors(fixtureRequests, r.body(), false);
    }
    JsonNode params = fixtureRequests.getFirst().path("query");
    List<String> errors = new ArrayList<>();
    Map<String, String> query = query(r.query());
    query.keySet().stream()
        .filter(name -> !params.has(name))
        .forEach(name -> errors.add("query parameter " + name + " is not in the contract"));
    for (String required : REQUIRED.get(api)) {
      if (!query.containsKey(required)) {
        errors.add("query parameter " + required + " is missing");
      }
    }
    return errors;
  }

  /** A raw query string's parameters, decoded. */
  public static Map<String, String> query(String raw) {
    Map<String, String> params = new LinkedHashMap<>();
    if (raw != null && !raw.isEmpty()) {
      for (String pair : raw.split("&")) {
        int eq = pair.indexOf('=');
        params.put(
            URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8),
            eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
      }
    }
    return params;
  }

  private static String problem(int status, String code, String detail) {
    return JSON.createObjectNode()
        .put("status", status)
        .put("code", code)
        .put("detail", detail)
        .toString();
  }

  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public List<Received> received() {
    return received;
  }

  /** The W3C traceparent headers this endpoint received (only while the caller traces). */
  public List<String> traceparents() {
    return traceparents;
  }

  /** Answers 200 with what {@code answer} makes of each request. */
  public void answer(Function<Received, String> answer) {
    this.answer = answer;
    this.ownAnswer = true;
  }

  /** Answers 200 with the contract's fixture response, as the real service answers it. */
  public void answerWithFixture() {
    String fixture = fixtureResponse.toString();
    this.answer = r -> fixture;
    this.ownAnswer = true;
  }

  /** Answers every request with this status (non-200: a problem body). */
  public void status(int status) {
    this.status = status;
  }

  /** Waits this long before answering. */
  public void delay(long millis) {
    this.delayMillis = millis;
  }

  public void reset() {
    received.clear();
    traceparents.clear();
    answer = r -> emptyAnswer;
    ownAnswer = false;
    status = 200;
    delayMillis = 0;
  }

  @Override
  public void close() {
    if (ownsServer) {
      server.stop(0);
    }
  }
}
