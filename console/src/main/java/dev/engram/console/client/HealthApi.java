package dev.engram.console.client;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.engram.console.config.ConsoleConfig;
import dev.engram.console.config.ServiceUrls;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What the health page reads besides {@code /v1/stats}: the Reflector's runs (capture, with the
 * person's key) and each service's readiness ({@code /q/health/ready}, which needs no key: none is
 * sent).
 */
@ApplicationScoped
public class HealthApi {

  /** A readiness answer is small and local; a service slower than this counts as not answering. */
  private static final Duration READINESS_DEADLINE = Duration.ofSeconds(3);

  private static final ObjectMapper JSON =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  private final ServiceCalls calls;
  private final ServiceUrls urls;
  private final HttpClient http;
  private final Duration readinessDeadline;

  HealthApi(ServiceCalls calls, ServiceUrls urls, ConsoleConfig config) {
    this.calls = calls;
    this.urls = urls;
    this.readinessDeadline =
        config.callTimeout().compareTo(READINESS_DEADLINE) < 0
            ? config.callTimeout()
            : READINESS_DEADLINE;
    this.http = HttpClient.newBuilder().connectTimeout(readinessDeadline).build();
  }

  /** One page of the tenant's Reflector runs, newest first ({@code cursor} null: the first). */
  public Wire.ReflectorRuns reflectorRuns(String key, int limit, String cursor) {
    return calls.get(
        new ServiceCalls.As("capture-service", urls.captureUrl(), key),
        "/v1/reflector/runs" + Query.of().add("limit", limit).add("cursor", cursor),
        Wire.ReflectorRuns.class);
  }

  /** A service's readiness as it answered, or why there is none. */
  public record Ready(String service, Wire.Readiness readiness, String problem) {

    public boolean up() {
      return readiness != null && "UP".equals(readiness.status());
    }
  }

  /** The four services' readiness, asked at once (so a silent one costs one deadline, not four). */
  public List<Ready> readiness() {
    Map<String, String> services = new LinkedHashMap<>();
    services.put("capture-service", urls.captureUrl());
    services.put("recall-service", urls.recallUrl());
    services.put("graph-service", urls.graphUrl());
    services.put("vault-service", urls.vaultUrl());
    List<CompletableFuture<Ready>> asked =
        services.entrySet().stream().map(e -> ask(e.getKey(), e.getValue())).toList();
    return asked.stream().map(CompletableFuture::join).toList();
  }

  private CompletableFuture<Ready> ask(String service, String baseUrl) {
    HttpRequest request;
    try {
      request =
          HttpRequest.newBuilder(URI.create(baseUrl + "/q/health/ready"))
              .timeout(readinessDeadline)
              .header("Accept", "application/json")
              .GET()
              .build();
    } catch (IllegalArgumentException e) {
      return CompletableFuture.completedFuture(new Ready(service, null, "no valid URL"));
    }
    return http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
        .thenApply(response -> read(service, response))
        .exceptionally(e -> new Ready(service, null, "did not answer"));
  }

  /** UP answers 200 and DOWN 503, both with the checks; anything else is not a readiness answer. */
  private static Ready read(String service, HttpResponse<byte[]> response) {
    if (response.statusCode() == 200 || response.statusCode() == 503) {
      try {
        return new Ready(service, JSON.readValue(response.body(), Wire.Readiness.class), null);
      } catch (IOException e) {
        // falls through: not a health answer
      }
    }
    return new Ready(service, null, "answered " + response.statusCode());
  }
}
