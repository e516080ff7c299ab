package dev.engram.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.contracts.fixtures.JsonRpc;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * MCP over plain HTTP, for the messages no real client sends (issue 28): one key, raw JSON-RPC
 * bodies, and the status and body exactly as recall-service answered them.
 */
final class RawMcp {

  /** What came back: the status and the body (empty for an open event stream). */
  record Answer(int status, String body, String session) {

    /** The JSON-RPC messages of a plain JSON answer or of an event stream's data lines. */
    List<JsonNode> messages() throws IOException {
      return JsonRpc.messages(body);
    }

    /** The first (or only) message. */
    JsonNode message() throws IOException {
      return messages().getFirst();
    }
  }

  private final String url;
  private final String key;

  RawMcp(String recallUrl, String key) {
    this.url = recallUrl + "/mcp";
    this.key = key;
  }

  /** One JSON-RPC request as a string. */
  static String call(Object id, String method, String params) {
    return JsonRpc.call(id, method, params);
  }

  /** Opens a session of {@code version}, sends notifications/initialized; the session id. */
  String open(String version) throws IOException, InterruptedException {
    Answer answer =
        send(
            "POST",
            null,
            call(
                1,
                "initialize",
                "{\"protocolVersion\":\""
                    + version
                    + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"e2e\",\"version\":\"0\"}}"));
    assertEquals(200, answer.status(), answer.body());
    Answer initialized =
        send(
            "POST",
            answer.session(),
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    assertEquals(202, initialized.status(), initialized.body());
    return answer.session();
  }

  /** POST of {@code body} in {@code session} (null: none). */
  Answer post(String session, String body) throws IOException, InterruptedException {
    return send("POST", session, body);
  }

  /** GET (the session's event stream) or DELETE (its end) in {@code session}. */
  Answer send(String method, String session, String body) throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(60))
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
      HttpResponse<InputStream> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
      String text = "";
      try (InputStream in = response.body()) {
        // An open event stream (GET) never ends: only its status is read.
        if (!"GET".equals(method) || response.statusCode() != 200) {
          text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
      }
      return new Answer(
          response.statusCode(),
          text,
          response.headers().firstValue("Mcp-Session-Id").orElse(session));
    } finally {
      http.shutdownNow();
    }
  }
}
