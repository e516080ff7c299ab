package dev.engram.capture.gate;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Context;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 12 item 4: the gate's scan (about 10 ms per 1,000 characters) runs on a worker thread for
 * exchanges and every memory write, never on the event loop where it stalls unrelated requests.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class GateOffLoopTest {

  /** The real scanner, noting for each text whether it was scanned on an event-loop thread. */
  static final class ThreadNotingScanner extends InjectionScanner {

    final Map<String, Boolean> onEventLoop = new ConcurrentHashMap<>();

    @Override
    public Optional<Verdict> scan(String text) {
      if (text != null) {
        onEventLoop.merge(text, Context.isOnEventLoopThread(), Boolean::logicalOr);
      }
      return super.scan(text);
    }
  }

  private ThreadNotingScanner scanner;

  @BeforeEach
  void noteThreads() {
    scanner = new ThreadNotingScanner();
    QuarkusMock.installMockForType(scanner, InjectionScanner.class);
  }

  private void scannedOffTheLoop(String text) {
    Boolean loop = scanner.onEventLoop.get(text);
    assertEquals(
        Boolean.FALSE,
        loop,
        "'" + text + "' scanned " + (loop == null ? "never" : "on the event loop"));
  }

  @Test
  void exchangesAndTheirMetadataAreScannedOnAWorkerThread() {
    String text = Api.unique("I moved to Porto");
    String value = Api.unique("blue");
    Api.as(TestKeys.AGENT)
        .body(
            Map.of(
                "exchanges",
                List.of(
                    Map.of(
                        "agent",
                        "bot",
                        "chat",
                        Api.unique("chat"),
                        "speaker",
                        "ana",
                        "role",
                        "user",
                        "text",
                        text,
                        "metadata",
                        Map.of("colour", value)))))
        .post("/v1/exchanges")
        .then()
        .statusCode(201)
        .body("items[0].status", equalTo("ACTIVE"));
    scannedOffTheLoop(text);
    scannedOffTheLoop(value);
  }

  @Test
  void everyMemoryWriteIsScannedOnAWorkerThread() {
    String created = Api.unique("Ana likes green tea");
    long id =
        Api.as(TestKeys.AGENT)
            .body(Map.of("agent", "bot", "text", created))
            .post("/v1/memories")
            .then()
            .statusCode(201)
            .extract()
            .jsonPath()
            .getLong("id");
    scannedOffTheLoop(created);

    String edited = Api.unique("Ana likes black tea");
    Api.as(TestKeys.AGENT)
        .body(Map.of("text", edited))
        .patch("/v1/memories/" + id)
        .then()
        .statusCode(200);
    scannedOffTheLoop(edited);

    String revised = Api.unique("Ana likes oolong");
    Api.as(TestKeys.AGENT)
        .body(Map.of("text", revised))
        .post("/v1/memories/" + id + "/revise")
        .then()
        .statusCode(200);
    scannedOffTheLoop(revised);

    String successor = Api.unique("Ana drinks coffee now");
    Api.as(TestKeys.AGENT)
        .body(Map.of("text", successor))
        .post("/v1/memories/" + id + "/supersede")
        .then()
        .statusCode(201);
    scannedOffTheLoop(successor);
  }
}
