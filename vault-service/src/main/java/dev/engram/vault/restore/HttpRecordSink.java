package dev.engram.vault.restore;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.common.correlation.CorrelationId;
import dev.engram.vault.archive.ArchiveJson;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** A service's {@code POST /internal/v1/import}, the body streamed with the JDK's HTTP client. */
final class HttpRecordSink implements RecordSink {

  static final String PATH = "/internal/v1/import";

  private final String name;
  private final String baseUrl;
  private final Optional<String> internalKey;
  private final HttpClient http;
  private final Duration timeout;

  HttpRecordSink(
      String name,
      String baseUrl,
      Optional<String> internalKey,
      HttpClient http,
      Duration timeout) {
    this.name = name;
    this.baseUrl = baseUrl.replaceAll("/+$", "");
    this.internalKey = internalKey;
    this.http = http;
    this.timeout = timeout;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Map<String, StreamResult> load(RestoreMode mode, boolean dryRun, InputStream body)
      throws SinkException {
    URI uri =
        URI.create(
            baseUrl
                + PATH
                + "?mode="
                + mode.name().toLowerCase(Locale.ROOT)
                + "&dry_run="
                + dryRun);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .POST(HttpRequest.BodyPublishers.ofInputStream(() -> body))
            .timeout(timeout)
            .header("Content-Type", "application/x-ndjson")
            .header(CorrelationId.HEADER, UUID.randomUUID().toString());
    internalKey.ifPresent(key -> request.header("Authorization", "Bearer " + key));
    HttpResponse<byte[]> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new SinkException(name + " import failed: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SinkException(name + " import was interrupted");
    }
    if (response.statusCode() != 200) {
      throw new SinkException(
          response.statusCode(),
          name
              + " answered HTTP "
              + response.statusCode()
              + " to POST "
              + PATH
              + Problems.describe(response.body()));
    }
    try {
      Map<String, StreamResult> results = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> stream :
          ArchiveJson.MAPPER.readTree(response.body()).path("counts").properties()) {
        JsonNode counts = stream.getValue();
        results.put(
            stream.getKey(),
            new StreamResult(
                counts.path("received").asLong(),
                counts.path("inserted").asLong(),
                counts.path("updated").asLong(),
                counts.path("unchanged").asLong()));
      }
      return results;
    } catch (IOException e) {
      throw new SinkException(name + " import answered something other than its counts");
    }
  }
}
