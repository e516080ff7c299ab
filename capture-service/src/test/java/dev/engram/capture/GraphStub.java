package dev.engram.capture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.contracts.fixtures.Contracts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Stands in for graph-service's internal graph API in capture-service's own tests: records the
 * operations it receives and can be told to be down (503), as the real service would be. A batch of
 * another shape than the contract fixture's request (docs/contracts, which graph-service is tested
 * against) gets 400 and is listed in {@link #drift()}; the answer is the fixture response with this
 * batch's counts.
 */
public final class GraphStub extends ContractStub {

  private static final JsonNode OPERATIONS = Contracts.json("graph-operations", "request.json");
  private static final ObjectNode APPLIED =
      (ObjectNode) Contracts.json("graph-operations", "response.json");

  private volatile boolean down;
  private volatile int downStatus = 503;

  public GraphStub() throws IOException {
    super("GraphStub");
    server.createContext(
        "/internal/v1/graph/operations",
        exchange -> {
          JsonNode body = read(exchange);
          List<JsonNode> ops = new ArrayList<>();
          body.get("operations").forEach(ops::add);
          int status;
          String answer;
          List<String> errors = Contracts.shapeErrors(OPERATIONS, body, false);
          if (!errors.isEmpty()) {
            status = 400;
            answer = drifted("graph operations", errors);
          } else if (down) {
            status = downStatus;
            answer = "{\"status\":" + status + "}";
          } else {
            received.addAll(ops);
            status = 200;
            answer = APPLIED.deepCopy().put("applied", ops.size()).put("skipped", 0).toString();
          }
          respond(exchange, status, answer);
        });
    server.start();
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
    clear();
    down = false;
    downStatus = 503;
  }
}
