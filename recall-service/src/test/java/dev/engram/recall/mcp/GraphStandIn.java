package dev.engram.recall.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * graph-service's entity timeline in these tests: tenant t1 knows the entity Alice (one current and
 * one invalidated fact); any other entity, and every entity of another tenant, is 404.
 */
final class GraphStandIn implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PREFIX = "/v1/entities/";

  private final HttpServer server;
  private final List<String> calls = new CopyOnWriteArrayList<>();

  GraphStandIn() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext(PREFIX, this::handle);
    server.start();
  }

  /** Serves more of graph-service's API on the same port (beliefs: WholeTurnToolsTest). */
  void serve(String path, com.sun.net.httpserver.HttpHandler handler) {
    server.createContext(path, handler);
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** "path?query Authorization" of every request. */
  List<String> calls() {
    return calls;
  }

  void reset() {
    calls.clear();
  }

  private void handle(HttpExchange ex) throws IOException {
    String auth = ex.getRequestHeaders().getFirst("Authorization");
    String rawPath = ex.getRequestURI().getRawPath();
    calls.add(rawPath + "?" + ex.getRequestURI().getRawQuery() + " " + auth);
    String tenant = CaptureStandIn.TENANTS.get(auth);
    String ref =
        URLDecoder.decode(
            rawPath.substring(PREFIX.length(), rawPath.length() - "/timeline".length()),
            StandardCharsets.UTF_8);
    if (!"t1".equals(tenant) || !"Alice".equals(ref)) {
      CaptureStandIn.send(
          ex, 404, CaptureStandIn.problem(404, "entity_not_found", "No entity " + ref));
      return;
    }
    ObjectNode out = JSON.createObjectNode();
    out.putObject("entity").put("id", "e-00000000000000a1").put("name", "Alice");
    var facts = out.putArray("facts");
    facts
        .addObject()
        .put("subject", "Alice")
        .put("predicate", "lives_in")
        .put("object", "Paris")
        .put("valid_from", "2025-01-01T00:00:00Z")
        .put("invalidated_at", "2026-01-01T00:00:00Z");
    facts
        .addObject()
        .put("subject", "Alice")
        .put("predicate", "lives_in")
        .put("object", "Rome")
        .put("valid_from", "2026-01-01T00:00:00Z")
        .putNull("invalidated_at");
    CaptureStandIn.send(ex, 200, out);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
