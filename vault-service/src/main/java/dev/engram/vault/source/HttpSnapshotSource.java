package dev.engram.vault.source;

import dev.engram.vault.VaultError;
import dev.engram.vault.client.CallException;
import dev.engram.vault.client.ServiceClient;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/** A source service's {@code GET /internal/v1/export}, its body read as it arrives. */
final class HttpSnapshotSource implements SnapshotSource {

  static final String PATH = "/internal/v1/export";

  private final String name;
  private final URI uri;
  private final ServiceClient client;
  private final Duration connectTimeout;
  private final Duration exportTimeout;

  HttpSnapshotSource(
      String name,
      String baseUrl,
      ServiceClient client,
      Duration connectTimeout,
      Duration exportTimeout) {
    this.name = name;
    this.uri = ServiceClient.uri(baseUrl, PATH);
    this.client = client;
    this.connectTimeout = connectTimeout;
    this.exportTimeout = exportTimeout;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public SourceSnapshot export(ExportSink sink) throws SourceException, IOException {
    HttpResponse<InputStream> response;
    try {
      response = client.stream(uri, "application/x-ndjson", connectTimeout);
    } catch (CallException e) {
      throw unavailable(
          switch (e.kind()) {
            case TIMED_OUT -> "did not answer within " + connectTimeout;
            case UNREACHABLE -> "cannot be reached at " + uri.getHost() + ":" + uri.getPort();
            case INTERRUPTED -> "the backup was interrupted";
          });
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
