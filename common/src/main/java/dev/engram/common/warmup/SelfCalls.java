package dev.engram.common.warmup;

import dev.engram.common.config.ServicesConfig;
import dev.engram.common.correlation.CorrelationId;
import io.quarkus.runtime.LaunchMode;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The service's own internal endpoints over loopback, with its internal key: a warm-up step that
 * goes through them runs what a real call runs (routing, the key check, JSON both ways, the
 * database), not a shortcut past it.
 */
@ApplicationScoped
public class SelfCalls {

  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final String key;

  SelfCalls(ServicesConfig services) {
    this.key = services.internalKey().orElse(null);
  }

  /**
   * False until the HTTP server accepts connections. Without an internal key this is true at once,
   * and every call fails, so the step that makes it is left out rather than waited for.
   */
  public boolean ready() {
    if (key == null) {
      return true;
    }
    int p = port();
    if (p <= 0) {
      return false;
    }
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", p), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The port the server listens on (a random test port is in the config once it is bound). */
  private static int port() {
    String name =
        LaunchMode.current() == LaunchMode.TEST ? "quarkus.http.test-port" : "quarkus.http.port";
    return ConfigProvider.getConfig().getOptionalValue(name, Integer.class).orElse(-1);
  }

  /** POSTs a JSON body; a status other than 2xx is an {@link IOException} naming it. */
  public void post(String path, String json) throws IOException, InterruptedException {
    send(
        request(path)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build());
  }

  /** GETs a path with its query. */
  public void get(String pathAndQuery) throws IOException, InterruptedException {
    send(request(pathAndQuery).GET().build());
  }

  private HttpRequest.Builder request(String path) {
    if (key == null) {
      throw new IllegalStateException("no internal key configured (engram.services.internal-key)");
    }
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + path))
        .timeout(TIMEOUT)
        .header("Authorization", "Bearer " + key)
        .header(CorrelationId.HEADER, "warm-up");
  }

  private void send(HttpRequest request) throws IOException, InterruptedException {
    HttpResponse<Void> r = http.send(request, HttpResponse.BodyHandlers.discarding());
    if (r.statusCode() / 100 != 2) {
      throw new IOException(
          request.method() + " " + request.uri().getPath() + ": " + r.statusCode());
    }
  }
}
