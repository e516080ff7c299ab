package dev.engram.recall.strict;

import static dev.engram.contracts.fixtures.RawRequests.refused;
import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.INTERNAL_KEY;
import static dev.engram.recall.IndexFixture.OPERATIONS;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.contracts.fixtures.RawRequests;
import dev.engram.recall.RecallTestResources;
import dev.engram.recall.index.IndexStore;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The hostile inputs of issue 12 against recall's public and internal endpoints, sent as raw bytes
 * (no client library fixes them up): each is a 4xx problem+json and nothing is indexed.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class StrictInputTest {

  private static final String TENANT = "strict";
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private static final ObjectMapper JSON = new ObjectMapper();

  @TestHTTPResource("/")
  URI root;

  @Inject IndexStore store;

  @BeforeEach
  void emptyTenant() {
    index(reset(TENANT));
  }

  @Test
  void badJsonOnRecallIsA400NamingTheField() throws Exception {
    refused(recall("{\"agent\":\"bot1\",\"agent\":\"bot2\",\"query\":\"x\"}"), 400, "body");
    refused(recall("{\"agent\":\"bot1\",\"query\":\"x\",\"kinds\":[3]}"), 400, "kinds[0]");
    refused(recall("{\"agent\":3,\"query\":\"x\"}"), 400, "agent");
    refused(recall("{\"agent\":\"bot1\",\"query\":\"a\\u0000b\"}"), 400, "query");
    refused(recall("{\"agent\":\"bot1\",\"query\":\"\\ud800\"}"), 400, "query");
    refused(
        recall("{\"agent\":\"bot1\",\"query\":\"x\",\"as_of\":\"+1000000000-01-01T00:00:00Z\"}"),
        400,
        "as_of");
    refused(
        recall(
            "{\"agent\":\"bot1\",\"query\":\"x\",\"time_range\":{\"from\":\"0000-01-01T00:00:00Z\"}}"),
        400,
        "time_range.from");
  }

  @Test
  void overlongUtf8IsRefusedNotDecoded() throws Exception {
    byte[] head = "{\"agent\":\"bot1\",\"query\":\"a".getBytes(StandardCharsets.UTF_8);
    byte[] tail = "\"}".getBytes(StandardCharsets.UTF_8);
    byte[] body = Arrays.copyOf(head, head.length + 2 + tail.length);
    body[head.length] = (byte) 0xC0;
    body[head.length + 1] = (byte) 0xAF; // an overlong '/'
    System.arraycopy(tail, 0, body, head.length + 2, tail.length);
    refused(send("/v1/recall", AGENT_T1_KEY, "application/json", body), 400, "body");
  }

  @Test
  void aBodyWithoutContentTypeIs415() throws Exception {
    byte[] body = "{\"agent\":\"bot1\",\"query\":\"x\"}".getBytes(StandardCharsets.UTF_8);
    refused(send("/v1/recall", AGENT_T1_KEY, null, body), 415, null);
    refused(send("/v1/context", AGENT_T1_KEY, null, body), 415, null);
  }

  @Test
  void aPublicBodyOverOneMebibyteIs413() throws Exception {
    String query = "word ".repeat(220_000); // ~1.1 MB, far below the internal API's limit
    refused(recall("{\"agent\":\"bot1\",\"query\":\"" + query + "\"}"), 413, null);
    // Chunked, so no Content-Length announces the size.
    byte[] body =
        ("{\"agent\":\"bot1\",\"query\":\"" + query + "\"}").getBytes(StandardCharsets.UTF_8);
    HttpResponse<String> streamed =
        HTTP.send(
            HttpRequest.newBuilder(root.resolve("/v1/recall"))
                .header("Authorization", "Bearer " + AGENT_T1_KEY)
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofInputStream(
                        () -> new java.io.ByteArrayInputStream(body)))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(413, streamed.statusCode(), streamed.body());
  }

  @Test
  void theInternalImportChecksTheKeyBeforeTheMediaType() throws Exception {
    byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
    refused(send("/internal/v1/import", null, "text/plain", body), 401, null);
    refused(send("/internal/v1/import", null, null, body), 401, null);
  }

  @Test
  void badTextInAnIndexedDocumentIsRefusedAndNothingIsIndexed() throws Exception {
    for (String escaped : new String[] {"a\\u0000b", "x\\ud800"}) {
      // Escaped in the JSON text itself: a Java string with a lone surrogate cannot be encoded.
      String operations =
          JSON.writeValueAsString(
                  Map.of(
                      "operations",
                      List.of(
                          Map.of(
                              "op", "upsert", "document", memory(TENANT, 1, null, null, "MARK")))))
              .replace("MARK", escaped);
      refused(
          send(
              OPERATIONS,
              INTERNAL_KEY,
              "application/json",
              operations.getBytes(StandardCharsets.UTF_8)),
          400,
          "operations[0].document.text");
    }
    String future =
        JSON.writeValueAsString(
            Map.of(
                "operations",
                List.of(
                    Map.of(
                        "op",
                        "upsert",
                        "document",
                        dev.engram.recall.IndexFixture.with(
                            memory(TENANT, 2, null, null, "fine"),
                            "created_at",
                            "+1000000000-01-01T00:00:00Z")))));
    refused(
        send(OPERATIONS, INTERNAL_KEY, "application/json", future.getBytes(StandardCharsets.UTF_8)),
        400,
        "operations[0].document.created_at");
    assertEquals(0, store.count(TENANT));
  }

  private HttpResponse<String> recall(String json) throws Exception {
    return send(
        "/v1/recall", AGENT_T1_KEY, "application/json", json.getBytes(StandardCharsets.UTF_8));
  }

  private HttpResponse<String> send(String path, String key, String contentType, byte[] body)
      throws Exception {
    return RawRequests.post(
        root.resolve(path), key == null ? null : "Bearer " + key, contentType, body);
  }
}
