package dev.engram.capture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.contracts.fixtures.Contracts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Stands in for recall-service's internal index API in capture-service's own tests (the real one is
 * exercised by the end-to-end tests): records the operations it receives, and can be told to be
 * down (503) or to refuse operations as invalid (400), as the real service would. It holds both
 * sides to the contract fixtures (docs/contracts, which recall-service is tested against): a
 * request of another shape than the fixture request gets 400 (and is listed in {@link #drift()}),
 * the index answer is the fixture response with this batch's counts, and a similar-memories answer
 * a test chose must have the fixture response's fields.
 */
public final class RecallStub extends ContractStub {

  private static final JsonNode OPERATIONS = Contracts.json("index-operations", "request.json");
  private static final ObjectNode APPLIED =
      (ObjectNode) Contracts.json("index-operations", "response.json");
  private static final List<JsonNode> SIMILAR =
      Contracts.examples("similar", "request").stream()
          .map(file -> Contracts.json("similar", file))
          .toList();
  private static final JsonNode NEAREST = Contracts.json("similar", "response.json");

  private volatile boolean down;
  private volatile int busyAbove = Integer.MAX_VALUE;
  private volatile Predicate<JsonNode> rejects = op -> false;
  private final List<JsonNode> similarRequests = new CopyOnWriteArrayList<>();
  private volatile boolean similarDown;
  private volatile boolean batchMissing;
  private volatile Function<JsonNode, String> similar = request -> "{\"items\":[]}";

  public RecallStub() throws IOException {
    super("RecallStub");
    server.createContext(
        "/internal/v1/index/operations",
        exchange -> {
          JsonNode body = read(exchange);
          int status;
          String answer;
          List<JsonNode> ops = new ArrayList<>();
          body.get("operations").forEach(ops::add);
          List<String> errors = Contracts.shapeErrors(OPERATIONS, body, false);
          if (!errors.isEmpty()) {
            status = 400;
            answer = drifted("index operations", errors);
          } else if (down || ops.size() > busyAbove) {
            status = 503;
            answer = "{\"status\":503}";
          } else if (ops.stream().anyMatch(rejects)) {
            status = 400;
            answer = "{\"status\":400,\"code\":\"validation_failed\"}";
          } else {
            received.addAll(ops);
            status = 200;
            answer = APPLIED.deepCopy().put("applied", ops.size()).put("skipped", 0).toString();
          }
          respond(exchange, status, answer);
        });
    server.createContext(
        "/internal/v1/similar",
        exchange -> {
          JsonNode body = JSON.readTree(exchange.getRequestBody());
          similarRequests.add(body);
          int status = similarDown ? 503 : 200;
          String answer = similarDown ? "{\"status\":503}" : similar.apply(body);
          List<String> errors = Contracts.shapeErrors(SIMILAR, body, false);
          if (!errors.isEmpty()) {
            status = 400;
            answer = drifted("similar request", errors);
          } else if (status == 200) {
            errors = Contracts.shapeErrors(NEAREST, JSON.readTree(answer), true);
            if (!errors.isEmpty()) {
              status = 500;
              answer = drifted("similar answer the test chose", errors);
            }
          }
          respond(exchange, status, answer);
        });
    server.createContext(
        "/internal/v1/similar/batch",
        exchange -> {
          // Each request of the batch is answered as the single endpoint would answer it alone.
          JsonNode body = JSON.readTree(exchange.getRequestBody());
          if (batchMissing) {
            respond(exchange, 404, "{\"status\":404}");
            return;
          }
          int status = similarDown ? 503 : 200;
          StringBuilder answer = new StringBuilder();
          for (JsonNode request : body.path("requests")) {
            similarRequests.add(request);
            List<String> errors = Contracts.shapeErrors(SIMILAR, request, false);
            String one = similar.apply(request);
            if (errors.isEmpty() && status == 200) {
              errors = Contracts.shapeErrors(NEAREST, JSON.readTree(one), true);
            }
            if (!errors.isEmpty()) {
              status = 400;
              answer = new StringBuilder(drifted("batched similar request or answer", errors));
              break;
            }
            answer.append(answer.isEmpty() ? "" : ",").append(one);
          }
          String text =
              status == 200
                  ? "{\"results\":[" + answer + "]}"
                  : status == 503 ? "{\"status\":503}" : answer.toString();
          respond(exchange, status, text);
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

  /** Answers the batch endpoint with 404, as a recall-service without it would. */
  public void batchMissing(boolean missing) {
    this.batchMissing = missing;
  }

  public void down(boolean down) {
    this.down = down;
  }

  /** Answers 503 to any request carrying more than {@code operations}, as a starved service. */
  public void busyAbove(int operations) {
    this.busyAbove = operations;
  }

  public void rejectWhen(Predicate<JsonNode> rejects) {
    this.rejects = rejects;
  }

  public void reset() {
    clear();
    down = false;
    busyAbove = Integer.MAX_VALUE;
    rejects = op -> false;
    similarRequests.clear();
    similarDown = false;
    batchMissing = false;
    similar = request -> "{\"items\":[]}";
  }
}
