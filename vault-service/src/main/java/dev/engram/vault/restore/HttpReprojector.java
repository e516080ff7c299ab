package dev.engram.vault.restore;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.engram.common.correlation.CorrelationId;
import dev.engram.vault.archive.ArchiveJson;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** {@link Reprojector} over HTTP, with the internal key. */
final class HttpReprojector implements Reprojector {

  static final String PATH = "/internal/v1/reproject";

  private final String baseUrl;
  private final Optional<String> internalKey;
  private final HttpClient http;
  private final Duration timeout;

  HttpReprojector(String baseUrl, Optional<String> internalKey, HttpClient http, Duration timeout) {
    this.baseUrl = baseUrl.replaceAll("/+$", "");
    this.internalKey = internalKey;
    this.http = http;
    this.timeout = timeout;
  }

  @Override
  public Map<String, Object> reproject(String target) throws ReprojectException {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("tenant", null); // a restore spans every tenant
    body.put("targets", List.of(target));
    HttpRequest.Builder request;
    try {
      request =
          HttpRequest.newBuilder(URI.create(baseUrl + PATH))
              .POST(
                  HttpRequest.BodyPublishers.ofByteArray(
                      ArchiveJson.MAPPER.writeValueAsBytes(body)))
              .timeout(timeout)
              .header("Content-Type", "application/json")
              .header(CorrelationId.HEADER, UUID.randomUUID().toString());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    internalKey.ifPresent(key -> request.header("Authorization", "Bearer " + key));
    HttpResponse<byte[]> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new ReprojectException("capture's reprojection of " + target + " failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ReprojectException("capture's reprojection of " + target + " was interrupted");
    }
    if (response.statusCode() / 100 != 2) { // capture answers 202: queued, not yet delivered
      throw new ReprojectException(
          "capture answered HTTP "
              + response.statusCode()
              + " to POST "
              + PATH
              + " (targets ["
              + target
              + "])"
              + Problems.describe(response.body()));
    }
    try {
      return ArchiveJson.MAPPER.readValue(response.body(), new TypeReference<>() {});
    } catch (IOException e) {
      throw new ReprojectException(
          "capture answered its reprojection of " + target + " with something other than JSON");
    }
  }
}
