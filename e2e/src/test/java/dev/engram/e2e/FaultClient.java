package dev.engram.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * JSON over HTTP with a hard timeout on every call, for {@link FaultIT} and {@link RaceIT}: while
 * components are killed (or writers race) a call that never answers must show up as a timeout, not
 * stall the test (rest-assured waits forever by default). Safe to share between threads.
 */
final class FaultClient {

  static final Duration TIMEOUT = Duration.ofSeconds(15);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Suite suite;
  private final String key;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  FaultClient(Suite suite, String key) {
    this.suite = suite;
    this.key = key;
  }

  /** One answer: status, content type and the body (parsed when it is JSON). */
  record Answer(int status, String contentType, String body) {

    boolean ok() {
      return status / 100 == 2;
    }

    boolean problem() {
      return contentType.startsWith("application/problem+json");
    }

    JsonNode json() {
      try {
        return body.isEmpty() ? MissingNode.getInstance() : JSON.readTree(body);
      } catch (IOException e) {
        return MissingNode.getInstance();
      }
    }

    @Override
    public String toString() {
      String shown = body.length() > 300 ? body.substring(0, 300) + "…" : body;
      return status + " " + contentType + " " + shown;
    }
  }

  Answer post(Component service, String path, Object body)
      throws IOException, InterruptedException {
    return send(
        request(service, path)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
  }

  Answer get(Component service, String path, Map<String, String> query)
      throws IOException, InterruptedException {
    String encoded =
        query.entrySet().stream()
            .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
            .collect(Collectors.joining("&"));
    return send(request(service, encoded.isEmpty() ? path : path + "?" + encoded).GET());
  }

  /** Any method, with extra headers (e.g. {@code Idempotency-Key}); a null body sends none. */
  Answer call(
      String method, Component service, String path, Object body, Map<String, String> headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = request(service, path);
    headers.forEach(request::header);
    if (body == null) {
      return send(request.method(method, HttpRequest.BodyPublishers.noBody()));
    }
    return send(
        request
            .header("Content-Type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
  }

  private HttpRequest.Builder request(Component service, String path) {
    return HttpRequest.newBuilder(URI.create(suite.url(service) + path))
        .timeout(TIMEOUT)
        .header("Authorization", "Bearer " + key)
        .header("Accept", "application/json");
  }

  private Answer send(HttpRequest.Builder request) throws IOException, InterruptedException {
    HttpResponse<String> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    return new Answer(
        response.statusCode(),
        response.headers().firstValue("Content-Type").orElse(""),
        response.body());
  }
}
