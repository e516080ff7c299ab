package dev.engram.graph.neo4j;

import static dev.engram.graph.support.Ops.fact;
import static dev.engram.graph.support.Ops.memory;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.TestKeys;
import dev.engram.graph.support.TracingProfile;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/**
 * Issue 30: every Cypher statement of a request is a client span under the request's span, named
 * after its first clause, with the statement but never its parameters.
 */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
@TestProfile(TracingProfile.class)
class CypherTracingTest {

  private static final String TENANT = "tenant-traced";
  private static final String AT = "2026-03-01T00:00:00Z";
  private static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("db.system");
  private static final AttributeKey<String> OPERATION = AttributeKey.stringKey("db.operation.name");
  private static final AttributeKey<String> TEXT = AttributeKey.stringKey("db.query.text");
  private static final AttributeKey<String> MODE =
      AttributeKey.stringKey("engram.neo4j.access_mode");

  @Inject Driver driver;
  @Inject InMemorySpanExporter spans;

  @Test
  void aWriteAndARecallsNeighboursEachShowTheirCypherUnderTheRequestSpan() {
    GraphDump.wipe(driver, TENANT);
    String write =
        traced(
            "/internal/v1/graph/operations",
            Map.of(
                "operations",
                List.of(
                    memory(TENANT, 1, "bot1", "c1", "Quintessa met Bartholomew in Porto.", AT),
                    fact(TENANT, 1, "Quintessa", "knows", "Bartholomew")
                        .scope("CHAT", "bot1", "c1")
                        .sources(1L)
                        .op())));
    List<SpanData> writes = cypherUnderServer(write);
    assertTrue(
        writes.stream().anyMatch(s -> "WRITE".equals(s.getAttributes().get(MODE))),
        "the operations wrote: " + names(writes));

    String read =
        traced(
            "/internal/v1/graph/neighbours",
            Map.of(
                "tenant", TENANT,
                "agent", "bot1",
                "chat", "c1",
                "query", "Did Quintessa meet Bartholomew?",
                "max_hops", 2));
    List<SpanData> reads = cypherUnderServer(read);
    assertTrue(
        reads.stream().anyMatch(s -> "READ".equals(s.getAttributes().get(MODE))),
        "the neighbours read: " + names(reads));

    for (SpanData span : concat(writes, reads)) {
      String text = span.getAttributes().get(TEXT);
      String operation = span.getAttributes().get(OPERATION);
      assertEquals(operation + " neo4j", span.getName());
      assertTrue(text.toUpperCase(java.util.Locale.ROOT).contains(operation), text);
      // Statements are parameterised: no tenant, name or text of the request is in a span.
      for (String secret : List.of(TENANT, "Quintessa", "Bartholomew", "Porto")) {
        assertFalse(
            span.getAttributes().asMap().values().stream()
                .anyMatch(v -> String.valueOf(v).contains(secret)),
            span.getName() + " recorded " + secret + ": " + span.getAttributes());
      }
    }
  }

  /** POSTs {@code body} with the internal key under a new trace; that trace's id. */
  private static String traced(String path, Object body) {
    String traceId = hex(16);
    given()
        .header("Authorization", TestKeys.INTERNAL)
        .header("traceparent", "00-" + traceId + "-" + hex(8) + "-01")
        .contentType(ContentType.JSON)
        .body(body)
        .post(path)
        .then()
        .statusCode(200);
    return traceId;
  }

  /** The Neo4j client spans of one trace, each a child of that trace's server span. */
  private List<SpanData> cypherUnderServer(String traceId) {
    List<SpanData> trace =
        await()
            .atMost(Duration.ofSeconds(5))
            .until(
                () ->
                    spans.getFinishedSpanItems().stream()
                        .filter(s -> s.getTraceId().equals(traceId))
                        .toList(),
                found -> found.stream().anyMatch(s -> s.getKind() == SpanKind.SERVER));
    SpanData server = trace.stream().filter(s -> s.getKind() == SpanKind.SERVER).findFirst().get();
    List<SpanData> cypher =
        trace.stream()
            .filter(
                s ->
                    s.getKind() == SpanKind.CLIENT && "neo4j".equals(s.getAttributes().get(SYSTEM)))
            .toList();
    assertFalse(cypher.isEmpty(), "no Cypher span in the request's trace: " + names(trace));
    for (SpanData span : cypher) {
      assertEquals(server.getSpanId(), span.getParentSpanId(), span.getName());
    }
    return cypher;
  }

  private static List<String> names(List<SpanData> spans) {
    return spans.stream().map(SpanData::getName).toList();
  }

  private static List<SpanData> concat(List<SpanData> a, List<SpanData> b) {
    return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
  }

  private static String hex(int bytes) {
    byte[] random = new byte[bytes];
    ThreadLocalRandom.current().nextBytes(random);
    return HexFormat.of().formatHex(random);
  }
}
