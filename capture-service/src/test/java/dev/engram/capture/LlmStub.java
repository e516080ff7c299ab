package dev.engram.capture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * Stands in for a hosted LLM (none can run here): the OpenAI chat completions protocol at {@code
 * POST /v1/chat/completions}. It records each request and answers with the JSON content a test
 * supplies, wrapped in a completion object as the real API does, or 500 while down.
 */
public final class LlmStub {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
  private final List<String> authorizations = new CopyOnWriteArrayList<>();
  private volatile boolean down;
  private volatile Function<JsonNode, String> content = request -> "{\"memories\":[]}";

  public LlmStub() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/v1/chat/completions",
        exchange -> {
          JsonNode body = JSON.readTree(exchange.getRequestBody());
          requests.add(body);
          authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
          int status = down ? 500 : 200;
          String answer = down ? "{\"error\":{\"message\":\"overloaded\"}}" : completion(body);
          byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    server.start();
  }

  private String completion(JsonNode request) {
    ObjectNode answer = JSON.createObjectNode();
    answer.put("id", "chatcmpl-stub").put("object", "chat.completion");
    answer.put("model", request.path("model").asText());
    ObjectNode choice = answer.putArray("choices").addObject();
    choice.put("index", 0).put("finish_reason", "stop");
    choice.putObject("message").put("role", "assistant").put("content", content.apply(request));
    return answer.toString();
  }

  /** The base URL an OpenAI client is configured with. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** The message content (the model's JSON answer) for each request. */
  public void answer(Function<JsonNode, String> content) {
    this.content = content;
  }

  public void down(boolean down) {
    this.down = down;
  }

  public List<JsonNode> requests() {
    return requests;
  }

  public List<String> authorizations() {
    return authorizations;
  }

  public void reset() {
    requests.clear();
    authorizations.clear();
    down = false;
    content = request -> "{\"memories\":[]}";
  }
}
