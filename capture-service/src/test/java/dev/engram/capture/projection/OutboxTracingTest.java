package dev.engram.capture.projection;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.ContractStub;
import dev.engram.capture.Db;
import dev.engram.capture.GraphStub;
import dev.engram.capture.RecallStub;
import dev.engram.capture.TestKeys;
import dev.engram.capture.TracingProfile;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 30: a write stores its trace context with its outbox rows, and each projection's delivery
 * span links back to it and carries its own context to the projection.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
@TestProfile(TracingProfile.class)
class OutboxTracingTest {

  @Inject InMemorySpanExporter spans;

  private final RecallStub recall = CaptureTestResources.recall();
  private final GraphStub graph = CaptureTestResources.graph();

  @AfterEach
  void up() {
    recall.reset();
    graph.reset();
  }

  @Test
  void theWritesTraceIsStoredWithItsOutboxRowsAndBothDeliveriesLinkBackToIt() {
    recall.reset();
    graph.reset();
    // Both projections down: the rows stay in the outbox until the test has read them.
    recall.down(true);
    graph.down(true);
    String traceId = hex(16);
    long id =
        Api.as(TestKeys.AGENT)
            .header("traceparent", "00-" + traceId + "-" + hex(8) + "-01")
            .body(
                "{\"agent\":\"%s\",\"text\":\"likes traced trains\"}".formatted(Api.unique("bot")))
            .post("/v1/memories")
            .then()
            .statusCode(201)
            .extract()
            .jsonPath()
            .getLong("id");

    List<Object[]> rows =
        Db.rows(
            "select target, traceparent from outbox where aggregate_type = 'MEMORY'"
                + " and aggregate_id = ?1 order by target",
            id);
    assertEquals(2, rows.size(), "one row for each projection");
    List<SpanData> writeTrace =
        await()
            .atMost(Duration.ofSeconds(5))
            .until(() -> inTrace(traceId), found -> found.stream().anyMatch(this::server));
    for (Object[] row : rows) {
      String stored = (String) row[1];
      assertTrue(stored.startsWith("00-" + traceId + "-"), row[0] + " row: " + stored);
      String spanId = stored.substring(36, 52);
      assertTrue(
          writeTrace.stream().anyMatch(s -> s.getSpanId().equals(spanId)),
          "the stored span is one of the write's spans: " + stored);
    }

    recall.down(false);
    graph.down(false);
    SpanData toRecall = deliveredLinkedTo("outbox deliver recall", traceId);
    SpanData toGraph = deliveredLinkedTo("outbox deliver graph", traceId);
    for (var delivery : List.of(new Object[] {toRecall, recall}, new Object[] {toGraph, graph})) {
      SpanData span = (SpanData) delivery[0];
      ContractStub stub = (ContractStub) delivery[1];
      assertEquals(SpanKind.CONSUMER, span.getKind());
      assertNotEquals(traceId, span.getTraceId(), "a delivery starts a trace of its own");
      assertTrue(
          stub.traceparents().stream().anyMatch(h -> h.startsWith("00-" + span.getTraceId() + "-")),
          span.getName()
              + ": the projection received the delivery's trace: "
              + stub.traceparents());
      assertTrue(
          spans.getFinishedSpanItems().stream()
              .anyMatch(
                  s ->
                      s.getKind() == SpanKind.CLIENT
                          && s.getParentSpanId().equals(span.getSpanId())),
          span.getName() + ": the REST call is a child of the delivery span");
    }
  }

  @Test
  void aDeliveryThatFailsIsAnErrorSpanStillLinkedToTheWrite() {
    recall.reset();
    recall.down(true);
    String traceId = hex(16);
    Api.as(TestKeys.AGENT)
        .header("traceparent", "00-" + traceId + "-" + hex(8) + "-01")
        .body("{\"agent\":\"%s\",\"text\":\"likes delayed trains\"}".formatted(Api.unique("bot")))
        .post("/v1/memories")
        .then()
        .statusCode(201);
    SpanData failed =
        await()
            .atMost(Duration.ofSeconds(10))
            .until(
                () -> linkedTo("outbox deliver recall", traceId, StatusCode.ERROR),
                Optional::isPresent)
            .orElseThrow();
    assertFalse(failed.getLinks().isEmpty());
  }

  private SpanData deliveredLinkedTo(String name, String traceId) {
    return await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> linkedTo(name, traceId, StatusCode.UNSET), Optional::isPresent)
        .orElseThrow();
  }

  private Optional<SpanData> linkedTo(String name, String traceId, StatusCode status) {
    return spans.getFinishedSpanItems().stream()
        .filter(s -> s.getName().equals(name) && s.getStatus().getStatusCode() == status)
        .filter(
            s ->
                s.getLinks().stream()
                    .anyMatch(l -> l.getSpanContext().getTraceId().equals(traceId)))
        .findFirst();
  }

  private List<SpanData> inTrace(String traceId) {
    return spans.getFinishedSpanItems().stream()
        .filter(s -> s.getTraceId().equals(traceId))
        .toList();
  }

  private boolean server(SpanData span) {
    return span.getKind() == SpanKind.SERVER;
  }

  private static String hex(int bytes) {
    byte[] random = new byte[bytes];
    ThreadLocalRandom.current().nextBytes(random);
    return HexFormat.of().formatHex(random);
  }
}
