package dev.engram.capture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What capture's stand-ins for the other services' internal APIs share: a local HTTP server, the
 * operations and authorizations received, and the requests that left the contract fixtures
 * (docs/contracts), which are refused with 400 and listed in {@link #drift()}.
 */
public abstract class ContractStub implements AutoCloseable {

  static final ObjectMapper JSON = new ObjectMapper();

  final HttpServer server;
  final List<JsonNode> received = new CopyOnWriteArrayList<>();
  final List<String> authorizations = new CopyOnWriteArrayList<>();
  final List<String> drift = new CopyOnWriteArrayList<>();
  final List<String> traceparents = new CopyOnWriteArrayList<>();
  private final String name;

  ContractStub(String name) throws IOException {
    this.name = name;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
  }

  /** The request's JSON body; its authorization header is remembered. */
  JsonNode read(HttpExchange exchange) throws IOException {
    authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
    String traceparent = exchange.getRequestHeaders().getFirst("traceparent");
    if (traceparent != null) {
      traceparents.add(traceparent);
    }
    return JSON.readTree(exchange.getRequestBody());
  }

  /** A problem body naming where a request or answer left the contract; remembered for tests. */
  String drifted(String what, List<String> errors) {
    String detail = what + " differs from docs/contracts: " + errors;
    drift.add(detail);
    System.err.println(name + ": " + detail);
    return JSON.createObjectNode()
        .put("status", 400)
        .put("code", "validation_failed")
        .put("detail", detail)
        .toString();
  }

  static void respond(HttpExchange exchange, int status, String answer) throws IOException {
    byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  void clear() {
    received.clear();
    traceparents.clear();
    authorizations.clear();
    drift.clear();
  }

  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public List<JsonNode> received() {
    return received;
  }

  public List<String> authorizations() {
    return authorizations;
  }

  /** The W3C traceparent headers of the requests received (only when the caller traces). */
  public List<String> traceparents() {
    return traceparents;
  }

  /** Requests (and chosen answers) that did not have the contract fixtures' shape. */
  public List<String> drift() {
    return drift;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
