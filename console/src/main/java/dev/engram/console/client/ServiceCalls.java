package dev.engram.console.client;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.engram.console.config.ConsoleConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Calls a service's public API with the signed-in person's key and reads its JSON answer. Every
 * call has the configured deadline; nothing is retried (the writes are not all idempotent, and a
 * person can press the button again). Unknown fields in answers are ignored, so a service may add
 * fields without breaking the console.
 */
@ApplicationScoped
class ServiceCalls {

  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .serializationInclusion(JsonInclude.Include.NON_NULL)
          .build();

  private final HttpClient http;
  private final Duration timeout;

  ServiceCalls(ConsoleConfig config) {
    this.timeout = config.callTimeout();
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
  }

  /** A call to one service as one person: the base URL, the service's name and the key. */
  record As(String service, String baseUrl, String key) {}

  <T> T get(As as, String path, Class<T> type) {
    return read(as, send(as, request(as, path).GET()), type);
  }

  /** A GET answered as text of {@code mediaType} (e.g. a day log in Markdown). */
  String getText(As as, String path, String mediaType) {
    HttpRequest.Builder builder = request(as, path).setHeader("Accept", mediaType).GET();
    return new String(exchange(as, builder).body(), StandardCharsets.UTF_8);
  }

  <T> T post(As as, String path, Object body, Class<T> type) {
    return read(as, send(as, request(as, path).POST(json(body))), type);
  }

  <T> T put(As as, String path, Object body, Class<T> type) {
    return read(as, send(as, request(as, path).PUT(json(body))), type);
  }

  <T> T patch(As as, String path, Object body, Class<T> type) {
    return read(as, send(as, request(as, path).method("PATCH", json(body))), type);
  }

  void delete(As as, String path) {
    send(as, request(as, path).DELETE());
  }

  private HttpRequest.Builder request(As as, String path) {
    return HttpRequest.newBuilder(URI.create(as.baseUrl() + path))
        .timeout(timeout)
        .header("Authorization", "Bearer " + as.key())
        .header("Accept", "application/json");
  }

  private static HttpRequest.BodyPublisher json(Object body) {
    try {
      return HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body));
    } catch (IOException e) {
      throw new IllegalArgumentException("not writable as JSON: " + body.getClass(), e);
    }
  }

  private JsonNode send(As as, HttpRequest.Builder builder) {
    return parse(exchange(as, builder).body());
  }

  /** The service's answer when it is a 2xx; else its refusal as {@link ServiceCallFailed}. */
  private HttpResponse<byte[]> exchange(As as, HttpRequest.Builder builder) {
    HttpRequest request = builder.header("Content-Type", "application/json").build();
    HttpResponse<byte[]> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new ServiceCallFailed(as.service(), 502, as.service() + " did not answer");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ServiceCallFailed(as.service(), 502, as.service() + " did not answer");
    }
    if (response.statusCode() / 100 != 2) {
      throw new ServiceCallFailed(
          as.service(), response.statusCode(), detail(response, parse(response.body())));
    }
    return response;
  }

  private static JsonNode parse(byte[] body) {
    if (body == null || body.length == 0) {
      return JSON.nullNode();
    }
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      return JSON.nullNode();
    }
  }

  /** The problem+json detail (else its title), or the bare status when there is none. */
  private static String detail(HttpResponse<?> response, JsonNode body) {
    for (String field : new String[] {"detail", "title"}) {
      JsonNode value = body.path(field);
      if (value.isTextual() && !value.asText().isBlank()) {
        return value.asText();
      }
    }
    return "answered " + response.statusCode();
  }

  private static <T> T read(As as, JsonNode body, Class<T> type) {
    if (type == Void.class) {
      return null;
    }
    try {
      return JSON.treeToValue(body, type);
    } catch (IOException e) {
      throw new ServiceCallFailed(
          as.service(), 502, as.service() + " gave an answer the console cannot read");
    }
  }
}
