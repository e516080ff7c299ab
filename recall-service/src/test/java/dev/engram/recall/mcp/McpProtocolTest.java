package dev.engram.recall.mcp;

import static dev.engram.recall.IndexFixture.ADMIN_T1_KEY;
import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.AGENT_T2_KEY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.recall.RecallTestResources;
import io.quarkiverse.mcp.server.runtime.ConnectionManager;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * MCP by the book (issue 28): malformed JSON-RPC is answered with an error and never run, batches
 * only in MCP 2025-03-26 and bounded, a session belongs to the key that opened it, and MCP text
 * follows REST's rules. Raw HTTP, since a real client never sends these messages.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@QuarkusTestResource(McpTestResources.class)
class McpProtocolTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int INVALID_REQUEST = JsonRpcRules.INVALID_REQUEST;
  private static final int INVALID_PARAMS = JsonRpcRules.INVALID_PARAMS;
  private static final String REMEMBER =
      "{\"name\":\"remember\",\"arguments\":{\"agent\":\"bot1\",\"text\":\"Alice likes tea\"}}";
  private static final String INSERT =
      "{\"name\":\"memory_upsert\",\"arguments\":{\"op\":\"insert\",\"chat_id\":42,"
          + "\"content\":\"Bob likes rust\",\"category\":\"KNOWLEDGE\",\"source\":\"explicit\","
          + "\"confidence\":0.9}}";

  @TestHTTPResource("/mcp")
  URL mcp;

  @Inject ConnectionManager connections;

  @BeforeEach
  void reset() {
    McpTestResources.capture().reset();
  }

  @Test
  void aToolsCallWithoutANameIsAnsweredAndABatchHoldingOneRunsNothing() throws Exception {
    String session = initialize(AGENT_T1_KEY, "2025-03-26");
    JsonNode answer = single(send("POST", AGENT_T1_KEY, session, call(7, "tools/call", "{}")));
    assertError(answer, INVALID_PARAMS, "params.name");
    assertEquals(7, answer.path("id").asInt());

    Answer batch =
        send(
            "POST",
            AGENT_T1_KEY,
            session,
            "[" + call(8, "tools/call", INSERT) + "," + call(9, "tools/call", "{}") + "]");
    assertEquals(400, batch.statusCode(), batch.body());
    JsonNode answers = JSON.readTree(batch.body());
    assertEquals(2, answers.size(), batch.body());
    assertEquals(8, answers.get(0).path("id").asInt());
    assertTrue(answers.get(0).path("error").path("message").asText().startsWith("not run"));
    assertError(answers.get(1), INVALID_PARAMS, "params.name");
    assertEquals(List.of(), McpTestResources.capture().calls(), "nothing of the batch ran");
  }

  @Test
  void aSessionAnswersOnlyTheKeyThatOpenedIt() throws Exception {
    String session = initialize(AGENT_T1_KEY, "2025-06-18");
    for (String other : List.of(AGENT_T2_KEY, ADMIN_T1_KEY)) {
      assertEquals(404, send("POST", other, session, call(2, "tools/call", REMEMBER)).statusCode());
      assertEquals(404, send("GET", other, session, null).statusCode());
      assertEquals(404, send("DELETE", other, session, null).statusCode());
    }
    assertEquals(List.of(), McpTestResources.capture().calls());
    JsonNode list = single(send("POST", AGENT_T1_KEY, session, call(3, "tools/list", "{}")));
    assertTrue(list.path("result").path("tools").size() > 2, list.toString());
    assertEquals(200, send("DELETE", AGENT_T1_KEY, session, null).statusCode());
    assertEquals(
        404, send("POST", AGENT_T1_KEY, session, call(4, "tools/list", "{}")).statusCode());
  }

  /**
   * Issue 30: a replica that does not hold the session (here: the extension's session dropped, as
   * on a replica that never saw it) serves its owner's calls under the session's protocol version,
   * refuses other keys and forged ids, answers its event stream 405 and its end 200.
   */
  @Test
  void aSessionThisReplicaDoesNotHoldIsServedForItsKeyOnly() throws Exception {
    String session = initialize(AGENT_T1_KEY, "2024-11-05");
    String id = session.substring(0, session.indexOf('.'));
    assertTrue(session.startsWith(id + ".2024-11-05."), session);
    assertTrue(connections.remove(id), "the extension held the session");
    Answer initialized =
        send(
            "POST",
            AGENT_T1_KEY,
            session,
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    assertEquals(202, initialized.statusCode(), initialized.body());
    JsonNode list = single(send("POST", AGENT_T1_KEY, session, call(2, "tools/list", "{}")));
    assertTrue(list.path("result").path("tools").size() > 2, list.toString());
    assertEquals(
        404, send("POST", AGENT_T2_KEY, session, call(3, "tools/list", "{}")).statusCode());
    String forged = id + ".2025-03-26." + session.substring(session.lastIndexOf('.') + 1);
    assertEquals(404, send("POST", AGENT_T1_KEY, forged, call(4, "tools/list", "{}")).statusCode());
    assertEquals(405, send("GET", AGENT_T1_KEY, session, null).statusCode());
    assertEquals(200, send("DELETE", AGENT_T1_KEY, session, null).statusCode());
    assertEquals(
        404, send("POST", AGENT_T1_KEY, session, call(5, "tools/list", "{}")).statusCode());
  }

  @Test
  void malformedMessagesGetJsonRpcErrorsAndRunNothing() throws Exception {
    Answer nullVersion =
        send(
            "POST",
            AGENT_T1_KEY,
            null,
            call(1, "initialize", "{\"protocolVersion\":null,\"capabilities\":{}}"));
    assertEquals(200, nullVersion.statusCode(), nullVersion.body());
    assertError(single(nullVersion), INVALID_PARAMS, "protocolVersion");

    String session = initialize(AGENT_T1_KEY, "2025-06-18");
    Answer noId =
        send(
            "POST",
            AGENT_T1_KEY,
            session,
            "{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"params\":" + REMEMBER + "}");
    assertEquals(400, noId.statusCode(), noId.body());
    assertError(single(noId), INVALID_REQUEST, "needs an \"id\"");
    for (String id : List.of("{\"a\":1}", "[1]", "true", "1.5", "null")) {
      Answer answer =
          send(
              "POST",
              AGENT_T1_KEY,
              session,
              "{\"jsonrpc\":\"2.0\",\"id\":"
                  + id
                  + ",\"method\":\"tools/call\",\"params\":"
                  + REMEMBER
                  + "}");
      assertEquals(400, answer.statusCode(), id + ": " + answer.body());
      assertError(single(answer), INVALID_REQUEST, "\"id\"");
    }
    for (String body :
        List.of("{\"jsonrpc\":\"2.0\",", "", "[]", "{\"jsonrpc\":\"1.0\",\"id\":1}")) {
      Answer answer = send("POST", AGENT_T1_KEY, session, body);
      assertEquals(400, answer.statusCode(), body + ": " + answer.body());
      assertTrue(single(answer).has("error"), answer.body());
    }
    assertEquals(List.of(), McpTestResources.capture().calls());
  }

  @Test
  void batchesOnlyUnderTheirProtocolVersionAndBounded() throws Exception {
    String modern = initialize(AGENT_T1_KEY, "2025-06-18");
    Answer refused = send("POST", AGENT_T1_KEY, modern, lists(2));
    assertEquals(400, refused.statusCode(), refused.body());
    assertError(single(refused), INVALID_REQUEST, "2025-03-26");

    String batches = initialize(AGENT_T1_KEY, "2025-03-26");
    Answer tooMany = send("POST", AGENT_T1_KEY, batches, lists(21));
    assertEquals(400, tooMany.statusCode());
    assertError(single(tooMany), INVALID_REQUEST, "at most 20");
    assertTrue(tooMany.body().length() < 500, tooMany.body());

    Answer twenty = send("POST", AGENT_T1_KEY, batches, lists(20));
    assertEquals(200, twenty.statusCode());
    List<JsonNode> answers = McpRawClient.messages(twenty.body());
    assertEquals(20, answers.stream().filter(a -> a.has("result")).count());
  }

  @Test
  void aLoneSurrogateIsRefusedLikeRestAndNothingIsStored() throws Exception {
    String session = initialize(AGENT_T1_KEY, "2025-06-18");
    for (String params :
        List.of(
            "{\"name\":\"remember\",\"arguments\":{\"agent\":\"bot1\",\"text\":\"tea \\ud800\"}}",
            INSERT.replace("Bob likes rust", "Bob \\udc00 rust"))) {
      JsonNode answer = single(send("POST", AGENT_T1_KEY, session, call(5, "tools/call", params)));
      assertTrue(answer.path("result").path("isError").asBoolean(), answer.toString());
      assertTrue(answer.toString().contains("lone surrogate"), answer.toString());
    }
    assertEquals(List.of(), McpTestResources.capture().calls());
  }

  @Test
  void aRefusedKeyIsAnsweredWithTheRequestsIdWhateverItsType() throws Exception {
    String initialize =
        "{\"jsonrpc\":\"2.0\",\"id\":\"a-1\",\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"clientInfo\":{\"name\":\"t\"}}}";
    Answer unknown = send("POST", "not-a-key", null, initialize);
    assertEquals(401, unknown.statusCode(), unknown.body());
    assertEquals("a-1", single(unknown).path("id").asText(), unknown.body());
    assertError(single(unknown), JsonRpcRules.SECURITY_ERROR, "unauthenticated");
    Answer internal = send("POST", "test-internal-key", null, initialize);
    assertEquals(403, internal.statusCode(), internal.body());
    assertError(single(internal), JsonRpcRules.SECURITY_ERROR, "forbidden");
  }

  @Test
  void theOldSseTransportIsNotServed() throws Exception {
    // It bypassed the session owners and the JSON-RPC rules: another key could post into a stream.
    Answer stream = send("GET", AGENT_T1_KEY, null, null, "/mcp/sse");
    assertEquals(404, stream.statusCode(), stream.body());
    assertError(single(stream), INVALID_REQUEST, "POST /mcp");
    Answer message =
        send("POST", AGENT_T2_KEY, null, call(3, "tools/list", "{}"), "/mcp/messages/abc");
    assertEquals(404, message.statusCode(), message.body());
    Answer unknown = send("GET", "not-a-key", null, null, "/mcp/sse");
    assertEquals(401, unknown.statusCode(), unknown.body());
  }

  private static String lists(int n) {
    return IntStream.range(0, n)
        .mapToObj(i -> call(100 + i, "tools/list", "{}"))
        .collect(Collectors.joining(",", "[", "]"));
  }

  private static void assertError(JsonNode answer, int code, String says) {
    assertEquals(code, answer.path("error").path("code").asInt(), answer.toString());
    assertTrue(answer.path("error").path("message").asText().contains(says), answer.toString());
  }

  private static JsonNode single(Answer response) throws Exception {
    return McpRawClient.messages(response.body()).getFirst();
  }

  private static String call(int id, String method, String params) {
    return McpRawClient.call(id, method, params);
  }

  /** Opens a session of {@code version} and sends notifications/initialized; its id. */
  private String initialize(String key, String version) throws Exception {
    Answer response =
        send(
            "POST",
            key,
            null,
            call(
                1,
                "initialize",
                "{\"protocolVersion\":\""
                    + version
                    + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"0\"}}"));
    assertEquals(200, response.statusCode(), response.body());
    String session = response.headers().firstValue("Mcp-Session-Id").orElseThrow();
    Answer initialized =
        send(
            "POST", key, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    assertEquals(202, initialized.statusCode(), initialized.body());
    return session;
  }

  /** What came back: the status, the body (empty for a stream) and the headers. */
  private record Answer(int statusCode, String body, java.net.http.HttpHeaders headers) {}

  private Answer send(String method, String key, String session, String body) throws Exception {
    return send(method, key, session, body, "/mcp");
  }

  private Answer send(String method, String key, String session, String body, String path)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(mcp.toString()).resolve(path))
            .timeout(Duration.ofSeconds(10))
            .header("Authorization", "Bearer " + key)
            .header("Accept", "application/json, text/event-stream")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    if (session != null) {
      request.header("Mcp-Session-Id", session);
    }
    HttpClient http = HttpClient.newHttpClient();
    try {
      // Read the body only when it ends: an open event stream (GET) never does.
      HttpResponse<java.io.InputStream> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
      String text = "";
      try (java.io.InputStream in = response.body()) {
        if (!"GET".equals(method) || response.statusCode() != 200) {
          text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
      }
      return new Answer(response.statusCode(), text, response.headers());
    } finally {
      http.shutdownNow();
    }
  }
}
