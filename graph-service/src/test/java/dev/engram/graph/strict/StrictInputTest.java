package dev.engram.graph.strict;

import static dev.engram.contracts.fixtures.RawRequests.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.contracts.fixtures.RawRequests;
import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.Ops;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/**
 * The hostile inputs of issue 12 against graph-service, sent as raw bytes: each is a 4xx
 * problem+json naming what to fix, and the tenant's graph stays empty.
 */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class StrictInputTest {

  private static final String TENANT = "tenant-a";
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private static final ObjectMapper JSON = new ObjectMapper();

  @TestHTTPResource("/")
  URI root;

  @Inject Driver driver;

  @BeforeEach
  void wipe() {
    GraphDump.wipe(driver, TENANT);
  }

  @Test
  void badEvidenceIsA400NamingTheFieldAndRecordsNothing() throws Exception {
    refused(
        evidence("{\"statement\":\"a\",\"statement\":\"b\",\"strength\":1,\"confidence\":1}"),
        400,
        "body");
    refused(evidence("{\"statement\":7,\"strength\":1,\"confidence\":1}"), 400, "statement");
    refused(
        evidence("{\"statement\":\"a\\u0000b\",\"strength\":1,\"confidence\":1}"),
        400,
        "statement");
    refused(
        evidence("{\"statement\":\"\\udc00\",\"strength\":1,\"confidence\":1}"), 400, "statement");
    refused(evidence("{\"statement\":\"s\",\"strength\":\"1\",\"confidence\":1}"), 400, "strength");
    byte[] overlong = evidenceBytes("{\"statement\":\"a\u00ff\",\"strength\":1,\"confidence\":1}");
    refused(
        send("/v1/beliefs/evidence", TestKeys.AGENT_A, "application/json", overlong), 400, "body");
    byte[] plain =
        "{\"statement\":\"a\",\"strength\":1,\"confidence\":1}".getBytes(StandardCharsets.UTF_8);
    refused(send("/v1/beliefs/evidence", TestKeys.AGENT_A, null, plain), 415, null);
    assertEquals(List.of(), GraphDump.of(driver, TENANT));
  }

  @Test
  void badOperationsAreRefusedAndProjectNothing() throws Exception {
    Map<String, Object> future =
        Ops.memory(TENANT, 1, "bot1", "c1", "Alice met Bob.", "+1000000000-01-01T00:00:00Z");
    refused(operations(future), 400, "operations[0].memory.created_at");
    Map<String, Object> yearZero =
        Ops.memory(TENANT, 1, "bot1", "c1", "Alice met Bob.", "0000-01-01T00:00:00Z");
    refused(operations(yearZero), 400, "operations[0].memory.created_at");
    Map<String, Object> nul =
        Ops.memory(TENANT, 1, "bot1", "c1", "Alice\u0000 met Bob.", "2026-01-01T00:00:00Z");
    refused(operations(nul), 400, "operations[0].memory.text");
    Map<String, Object> numericCategory =
        Ops.memory(TENANT, 1, "bot1", "c1", "Alice met Bob.", "2026-01-01T00:00:00Z");
    @SuppressWarnings("unchecked")
    Map<String, Object> memory =
        new java.util.HashMap<>((Map<String, Object>) numericCategory.get("memory"));
    memory.put("category", 3);
    refused(
        operations(Map.of("op", "upsert_memory", "memory", memory)),
        400,
        "operations[0].memory.category");
    assertEquals(List.of(), GraphDump.of(driver, TENANT));
  }

  @Test
  void aFarFutureAsOfQueryParameterIsA400() throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(
                    root.resolve("/v1/entities/alice?as_of=%2B1000000000-01-01T00:00:00Z"))
                .header("Authorization", TestKeys.AGENT_A)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    refused(response, 400, "as_of");
  }

  @Test
  void theInternalImportChecksTheKeyBeforeTheMediaType() throws Exception {
    byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
    refused(send("/internal/v1/import", null, "text/plain", body), 401, null);
    refused(send("/internal/v1/import", null, null, body), 401, null);
  }

  /** The body with its one U+00FF replaced by the overlong two-byte form of '/' (C0 AF). */
  private static byte[] evidenceBytes(String json) {
    return RawRequests.withOverlongSlash(json.getBytes(StandardCharsets.UTF_8));
  }

  private HttpResponse<String> evidence(String json) throws Exception {
    return send(
        "/v1/beliefs/evidence",
        TestKeys.AGENT_A,
        "application/json",
        json.getBytes(StandardCharsets.UTF_8));
  }

  private HttpResponse<String> operations(Map<String, Object> operation) throws Exception {
    byte[] body = JSON.writeValueAsBytes(Map.of("operations", List.of(operation)));
    return send("/internal/v1/graph/operations", TestKeys.INTERNAL, "application/json", body);
  }

  private HttpResponse<String> send(String path, String authorization, String type, byte[] body)
      throws Exception {
    return RawRequests.post(root.resolve(path), authorization, type, body);
  }
}
