package dev.engram.capture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Stands in for recall-service's internal index API in capture-service's own tests (the real one is
 * exercised by the end-to-end tests): records the operations it receives, and can be told to be
 * down (503) or to refuse operations as invalid (400), as the real service would.
 */
public final class RecallStub implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final List<JsonNode> received = new CopyOnWriteArrayList<>();
  private final List<String> authorizations = new CopyOnWriteArrayList<>();
  private volatile boolean down;
  private volatile Predicate<JsonNode> rejects = op -> false;
  private final List<JsonNode> similarRequests = new CopyOnWriteArrayList<>();
  private volatile boolean similarDown;
  private volatile Function<JsonNode, String> similar = request -> "{\"items\":[]}";

  public RecallStub() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/internal/v1/index/operations",
        exchange -> {
          authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
          JsonNode body = JSON.readTree(exchange.getRequestBody());
          int status;
          String answer;
          List<JsonNode> ops = new ArrayList<>();
          body.get("operations").forEach(ops::add);
          if (down) {
            status = 503;
            answer = "{\"status\":503}";
          } else if (ops.stream().anyMatch(rejects)) {
            status = 400;
            answer = "{\"status\":400,\"code\":\"validation_failed\"}";
          } else {
            received.addAll(ops);
            status = 200;
            answer = "{\"applied\":" + ops.size() + ",\"skipped\":0}";
          }
          byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    server.createContext(
        "/internal/v1/similar",
        exchange -> {
          JsonNode body = JSON.readTree(exchange.getRequestBody());
          similarRequests.add(body);
          int status = similarDown ? 503 : 200;
          String answer = similarDown ? "{\"status\":503}" : similar.apply(body);
          byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    server.start();
  }

  /** The nearest-memory requests received (semantic dedup). */
  public List<JsonNode> similarRequests() {
    return similarRequests;
  }

  /** How {@code POST /internal/v1/similar} answers: a JSON body per request. */
  public void answerSimilar(Function<JsonNode, String> answer) {
    this.similar = answer;
  }

  public void similarDown(boolean down) {
    this.similarDown = down;
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

  public void down(boolean down) {
    this.down = down;
  }

  public void rejectWhen(Predicate<JsonNode> rejects) {
    this.rejects = rejects;
  }

  public void reset() {
    received.clear();
    authorizations.clear();
    down = false;
    rejects = op -> false;
    similarRequests.clear();
    similarDown = false;
    similar = request -> "{\"items\":[]}";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
