package dev.engram.recall.context;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.recall.RecallTestResources;
import dev.engram.recall.ServiceStub;
import dev.engram.recall.TracingProfile;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 30: one context call is one trace. Its server span continues the caller's traceparent, and
 * the calls it makes to capture-service and graph-service are client spans of that trace whose
 * context the callee receives.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@TestProfile(TracingProfile.class)
class ContextTracingTest {

  private static final Supplier<List<ServiceStub>> CAPTURE =
      () -> List.of(RecallTestResources.contextParts(), RecallTestResources.slots());
  private static final Supplier<List<ServiceStub>> GRAPH =
      () ->
          List.of(
              RecallTestResources.graph(),
              RecallTestResources.currentFacts(),
              RecallTestResources.beliefs());

  @Inject InMemorySpanExporter spans;

  @BeforeEach
  void oneMemory() {
    index(reset("t1"));
    index(upsert(memory("t1", 1, "bot1", null, "Alice rides a red bicycle to work.")));
  }

  @Test
  void aContextCallIsOneTraceAcrossItsCallsToCaptureAndGraph() {
    resetStubs();
    String traceId = hex(16);
    String callerSpan = hex(8);

    given()
        .header("Authorization", "Bearer " + AGENT_T1_KEY)
        .header("traceparent", "00-" + traceId + "-" + callerSpan + "-01")
        .contentType(ContentType.JSON)
        .body(Map.of("agent", "bot1", "query", "What does Alice ride?", "budget_tokens", 500))
        .post("/v1/context")
        .then()
        .statusCode(200);

    assertOneTrace(traceId, callerSpan);
  }

  private void resetStubs() {
    Stream.concat(CAPTURE.get().stream(), GRAPH.get().stream()).forEach(ServiceStub::reset);
  }

  /**
   * The call's server span continues the caller's span, and every request capture's and graph's
   * stand-ins received carries this trace, sent by one of its client spans.
   */
  private void assertOneTrace(String traceId, String callerSpan) {
    List<ServiceStub> capture = CAPTURE.get();
    List<ServiceStub> graph = GRAPH.get();
    List<SpanData> trace = traceWithServerSpan(traceId);
    SpanData server =
        trace.stream()
            .filter(s -> s.getKind() == SpanKind.SERVER)
            .findFirst()
            .orElseThrow(() -> new AssertionError("no server span in " + trace));
    assertEquals(callerSpan, server.getParentSpanId(), "the server span continues the caller's");
    Set<String> clients =
        trace.stream()
            .filter(s -> s.getKind() == SpanKind.CLIENT)
            .map(SpanData::getSpanId)
            .collect(Collectors.toSet());

    for (var callee : Map.of("capture-service", capture, "graph-service", graph).entrySet()) {
      List<String> received =
          callee.getValue().stream().flatMap(stub -> stub.traceparents().stream()).toList();
      assertFalse(received.isEmpty(), callee.getKey() + " received no traceparent");
      for (String header : received) {
        assertTrue(header.startsWith("00-" + traceId + "-"), callee.getKey() + ": " + header);
        assertTrue(
            clients.contains(header.substring(36, 52)),
            callee.getKey() + "'s caller is a client span of the trace: " + header);
      }
    }
  }

  /** The spans of one trace once its server span has ended (it ends just after the answer). */
  private List<SpanData> traceWithServerSpan(String traceId) {
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (true) {
      List<SpanData> trace =
          spans.getFinishedSpanItems().stream()
              .filter(s -> s.getTraceId().equals(traceId))
              .toList();
      if (trace.stream().anyMatch(s -> s.getKind() == SpanKind.SERVER)
          || System.nanoTime() > deadline) {
        return trace;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return trace;
      }
    }
  }

  private static String hex(int bytes) {
    byte[] random = new byte[bytes];
    ThreadLocalRandom.current().nextBytes(random);
    return HexFormat.of().formatHex(random);
  }
}
