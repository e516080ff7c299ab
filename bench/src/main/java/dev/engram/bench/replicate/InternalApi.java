package dev.engram.bench.replicate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.bench.EngramApi;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

/**
 * The backup endpoints of one service with the internal key: its export saved to a file, and a
 * merge import streamed to it from a file. The body is sent chunked (no Content-Length), as the
 * vault sends it: only such a body is exempt from the services' body-size limit.
 */
final class InternalApi {

  private static final Duration TIMEOUT = Duration.ofHours(2);

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();
  private final String key;

  InternalApi(String key) {
    this.key = key;
  }

  /** Saves {@code GET base/internal/v1/export} to {@code file} (via a temporary file). */
  void export(URI base, Path file) throws IOException, InterruptedException {
    Path part = file.resolveSibling(file.getFileName() + ".part");
    HttpRequest request =
        HttpRequest.newBuilder(base.resolve("/internal/v1/export"))
            .timeout(TIMEOUT)
            .header("Authorization", "Bearer " + key)
            .GET()
            .build();
    HttpResponse<Path> response = http.send(request, HttpResponse.BodyHandlers.ofFile(part));
    if (response.statusCode() != 200) {
      String problem = Files.readString(part);
      Files.deleteIfExists(part);
      throw new IOException(
          "export of " + base + " answered " + response.statusCode() + ": " + problem);
    }
    Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * {@code POST base/internal/v1/import?mode=merge} with the body read from {@code body}, chunked;
   * the service's answer (per stream: received, inserted, updated, unchanged).
   */
  JsonNode importMerge(URI base, Path body) throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(base.resolve("/internal/v1/import?mode=merge"))
            .timeout(TIMEOUT)
            .header("Authorization", "Bearer " + key)
            .header("Content-Type", "application/x-ndjson")
            .POST(HttpRequest.BodyPublishers.ofInputStream(() -> open(body)))
            .build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException(
          "import into " + base + " answered " + response.statusCode() + ": " + response.body());
    }
    return EngramApi.JSON.readTree(response.body());
  }

  private static InputStream open(Path file) {
    try {
      return Files.newInputStream(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
