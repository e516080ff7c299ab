package dev.engram.recall.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.contracts.fixtures.JsonRpc;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

/** JSON-RPC over raw HTTP to this module's {@code /mcp}, for tests that count calls and errors. */
public final class McpRawClient {

  private final URL mcp;

  public McpRawClient(URL mcp) {
    this.mcp = mcp;
  }

  /** One JSON-RPC request. */
  public static String call(int id, String method, String params) {
    return JsonRpc.call(id, method, params);
  }

  /** Opens a session (2025-03-26: the last protocol version with batches); its id. */
  public String initialize(String key) throws Exception {
    HttpResponse<String> response =
        send(
            key,
            null,
            call(
                1,
                "initialize",
                "{\"protocolVersion\":\"2025-03-26\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"t\",\"version\":\"0\"}}"));
    assertEquals(200, response.statusCode(), response.body());
    String session = response.headers().firstValue("Mcp-Session-Id").orElseThrow();
    send(key, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    return session;
  }

  /** The first JSON-RPC message answering {@code body}, which must be a 200. */
  public JsonNode post(String key, String session, String body) throws Exception {
    HttpResponse<String> response = send(key, session, body);
    assertEquals(200, response.statusCode(), response.body());
    return messages(response.body()).getFirst();
  }

  /**
   * The JSON-RPC messages of an answer: a plain JSON object or array, or one message per data line
   * of an event stream (a batch may be answered as several events).
   */
  public static List<JsonNode> messages(String body) throws Exception {
    return JsonRpc.messages(body);
  }

  /** POSTs {@code body} with {@code key} in session {@code session} (null: none). */
  public HttpResponse<String> send(String key, String session, String body) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(mcp.toString()))
            .header("Authorization", "Bearer " + key)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      request.header("Mcp-Session-Id", session);
    }
    try (HttpClient http = HttpClient.newHttpClient()) {
      return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
  }
}
