package dev.engram.capture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.engram.contracts.fixtures.Contracts;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Stands in for graph-service's internal graph API in capture-service's own tests: records the
 * operations it receives and can be told to be down (503), as the real service would be. A batch of
 * another shape than the contract fixture's request (docs/contracts, which graph-service is tested
 * against) gets 400 and is listed in {@link #drift()}; the answer is the fixture response with this
 * batch's counts.
 */
public final class GraphStub implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNode OPERATIONS = Contracts.json("graph-operations", "request.json");
  private static final ObjectNode APPLIED =
      (ObjectNode) Contracts.json("graph-operations", "response.json");

  private final HttpServer server;
  private final List<JsonNode> received = new CopyOnWriteArrayList<>();
  private final List<String> authorizations = new CopyOnWriteArrayList<>();
  private final List<String> drift = new CopyOnWriteArrayList<>();
  private volatile boolean down;
  private volatile int downStatus = 503;

  public GraphStub() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/internal/v1/graph/operations",
        exchange -> {
          authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
          JsonNode body = JSON.readTree(exchange.getRequestBody());
          List<JsonNode> ops = new ArrayList<>();
          body.get("operations").forEach(ops::add);
          int status;
          String answer;
          List<String> errors = Contracts.shapeErrors(OPERATIONS, body, false);
          if (!errors.isEmpty()) {
            String detail = "graph operations differ from docs/contracts: " + errors;
            drift.add(detail);
            System.err.println("GraphStub: " + detail);
            status = 400;
            answer =
                JSON.createObjectNode()
                    .put("status", 400)
                    .put("code", "validation_failed")
                    .put("detail", detail)
                    .toString();
          } else if (down) {
            status = downStatus;
            answer = "{\"status\":" + status + "}";
          } else {
            received.addAll(ops);
            status = 200;
            answer = APPLIED.deepCopy().put("applied", ops.size()).put("skipped", 0).toString();
          }
          byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    server.start();
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
    this.downStatus = 503;
    this.down = down;
  }

  /** Answers every request with this status (e.g. 401, as with a wrong internal key). */
  public void refuseWith(int status) {
    this.downStatus = status;
    this.down = true;
  }

  /** Batches that did not have the contract fixture's shape. */
  public List<String> drift() {
    return drift;
  }

  /** The operations received for one record, e.g. ("upsert_fact", "fact", 9). */
  public List<JsonNode> about(String payload, long id) {
    List<JsonNode> ops = new ArrayList<>();
    for (JsonNode op : received) {
      JsonNode p = op.path(payload);
      boolean upsert = !p.isMissingNode() && p.path("id").asLong() == id;
      boolean delete =
          op.path("op").asText().equals("delete_" + payload) && op.path("id").asLong() == id;
      if (upsert || delete) {
        ops.add(op);
      }
    }
    return ops;
  }

  public void reset() {
    received.clear();
    authorizations.clear();
    drift.clear();
    down = false;
    downStatus = 503;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
