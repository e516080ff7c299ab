package dev.engram.vault.source;

import dev.engram.common.correlation.CorrelationId;
import dev.engram.vault.VaultError;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A source service's {@code GET /internal/v1/export}, read with the JDK's HTTP client: it hands the
 * body over as a stream while it arrives, where the REST client would buffer it whole.
 */
final class HttpSnapshotSource implements SnapshotSource {

  static final String PATH = "/internal/v1/export";

  private final String name;
  private final URI uri;
  private final Optional<String> internalKey;
  private final HttpClient http;
  private final Duration connectTimeout;
  private final Duration exportTimeout;

  HttpSnapshotSource(
      String name,
      String baseUrl,
      Optional<String> internalKey,
      HttpClient http,
      Duration connectTimeout,
      Duration exportTimeout) {
    this.name = name;
    this.uri = URI.create(baseUrl.replaceAll("/+$", "") + PATH);
    this.internalKey = internalKey;
    this.http = http;
    this.connectTimeout = connectTimeout;
    this.exportTimeout = exportTimeout;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public SourceSnapshot export(ExportSink sink) throws SourceException, IOException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .GET()
            .timeout(connectTimeout) // until the response headers arrive
            .header("Accept", "application/x-ndjson")
            .header(CorrelationId.HEADER, UUID.randomUUID().toString());
    internalKey.ifPresent(key -> request.header("Authorization", "Bearer " + key));
    HttpResponse<InputStream> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (HttpTimeoutException e) {
      throw unavailable("did not answer within " + connectTimeout);
    } catch (IOException e) {
      throw unavailable("cannot be reached at " + uri.getHost() + ":" + uri.getPort());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw unavailable("the backup was interrupted");
    }
    try (InputStream body = response.body()) {
      if (response.statusCode() != 200) {
        throw unavailable("answered HTTP " + response.statusCode() + " to GET " + PATH);
      }
      // The whole export has a deadline too: a stalled stream must not hang the backup forever.
      AtomicBoolean done = new AtomicBoolean();
      AtomicBoolean expired = new AtomicBoolean();
      Thread watchdog =
          Thread.ofVirtual()
              .start(
                  () -> {
                    try {
                      Thread.sleep(exportTimeout);
                      if (!done.get()) {
                        expired.set(true);
                        body.close();
                      }
                    } catch (InterruptedException | IOException e) {
                      // finished in time, or already closed
                    }
                  });
      try {
        return ExportReader.read(name, body, sink);
      } catch (SourceException e) {
        if (expired.get()) {
          throw unavailable("did not finish its export within " + exportTimeout);
        }
        throw e;
      } finally {
        done.set(true);
        watchdog.interrupt();
      }
    }
  }

  private SourceException unavailable(String what) {
    return new SourceException(VaultError.SOURCE_UNAVAILABLE, name + " " + what);
  }
}
