package dev.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.atomic.LongAdder;

/**
 * The public REST API of a running suite over java.net.http (HTTP/1.1, a pooled connection per
 * concurrent caller). Every call has a timeout; only calls that never reached the server
 * (connection refused) are retried, because appends and creates are not idempotent.
 */
public final class EngramApi {

  public static final ObjectMapper JSON = new ObjectMapper();
  private static final int CONNECT_RETRIES = 5;
  private static final int RATE_LIMITED_RETRIES = 600;

  private final Target target;
  private final HttpClient http;
  private final Duration timeout;
  private final LongAdder rateLimited = new LongAdder();
  private final LongAdder rateLimitedMillis = new LongAdder();

  public EngramApi(Target target, Duration timeout) {
    this.target = target;
    this.timeout = timeout;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
  }

  public Target target() {
    return target;
  }

  /**
   * 429 answers received so far (each waited out and retried): a rate measured while this grew is
   * the key's rate limit, not the suite's.
   */
  public long rateLimited() {
    return rateLimited.sum();
  }

  /** Seconds spent waiting out 429s so far, summed over the callers. */
  public double rateLimitedSeconds() {
    return rateLimitedMillis.sum() / 1000.0;
  }

  /** POST capture-service {@code path} with the API key; the parsed answer. */
  public JsonNode postCapture(String path, Object body) throws IOException, InterruptedException {
    return send(post(target.capture().resolve(path), body), true);
  }

  /** POST capture-service {@code path?query} without a body (e.g. running the Reflector). */
  public JsonNode postCapture(String path, Map<String, String> query)
      throws IOException, InterruptedException {
    return send(post(target.capture().resolve(path + queryString(query)), null), true);
  }

  public JsonNode postRecall(String path, Object body) throws IOException, InterruptedException {
    return send(post(target.recall().resolve(path), body), true);
  }

  public JsonNode getCapture(String path, Map<String, String> query)
      throws IOException, InterruptedException {
    return send(get(target.capture().resolve(path + queryString(query)), true), true);
  }

  /** A health or metrics document: no key, and a 503 still carries the body. */
  public String getOpen(URI base, String path) throws IOException, InterruptedException {
    return sendRaw(get(base.resolve(path), false)).body();
  }

  private HttpRequest post(URI uri, Object body) throws IOException {
    return HttpRequest.newBuilder(uri)
        .timeout(timeout)
        .header("Authorization", "Bearer " + target.key())
        .header("Content-Type", "application/json")
        .POST(
            body == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)))
        .build();
  }

  private HttpRequest get(URI uri, boolean withKey) {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(timeout).GET();
    if (withKey) {
      b.header("Authorization", "Bearer " + target.key());
    }
    return b.build();
  }

  private JsonNode send(HttpRequest request, boolean failOnError)
      throws IOException, InterruptedException {
    HttpResponse<String> response = sendRaw(request);
    if (failOnError && response.statusCode() / 100 != 2) {
      throw new ApiException(request, response.statusCode(), response.body());
    }
    return response.body().isEmpty() ? JSON.nullNode() : JSON.readTree(response.body());
  }

  private HttpResponse<String> sendRaw(HttpRequest request)
      throws IOException, InterruptedException {
    for (int attempt = 1; ; attempt++) {
      try {
        HttpResponse<String> response =
            http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() == 429 && attempt < RATE_LIMITED_RETRIES) {
          // The key's rate limit: wait as the suite says, as a well-behaved gateway would. A
          // benchmark that should not be throttled raises engram.rate-limit.* (bench/README.md).
          long wait = 1000L * response.headers().firstValueAsLong("Retry-After").orElse(1L);
          rateLimited.increment();
          rateLimitedMillis.add(wait);
          Thread.sleep(wait);
          continue;
        }
        return response;
      } catch (ConnectException e) {
        if (attempt >= CONNECT_RETRIES) {
          throw new ConnectException(
              "cannot connect to " + request.uri() + " (is the suite running? ./engram status)");
        }
        Thread.sleep(200L * attempt);
      }
    }
  }

  static String queryString(Map<String, String> query) {
    if (query.isEmpty()) {
      return "";
    }
    StringJoiner joiner = new StringJoiner("&", "?", "");
    query.forEach(
        (k, v) -> {
          if (v != null) {
            joiner.add(k + "=" + URLEncoder.encode(v, StandardCharsets.UTF_8));
          }
        });
    return joiner.toString();
  }

  /** A 4xx/5xx answer; the message carries the problem+json detail. */
  public static final class ApiException extends IOException {
    private final int status;

    ApiException(HttpRequest request, int status, String body) {
      super(
          request.method()
              + " "
              + request.uri().getPath()
              + " answered "
              + status
              + ": "
              + (body.length() > 500 ? body.substring(0, 500) + "…" : body));
      this.status = status;
    }

    public int status() {
      return status;
    }
  }
}
