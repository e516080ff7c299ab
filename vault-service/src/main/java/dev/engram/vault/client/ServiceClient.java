package dev.engram.vault.client;

import dev.engram.common.config.ServicesConfig;
import dev.engram.common.correlation.CorrelationId;
import dev.engram.vault.config.VaultConfig;
import jakarta.enterprise.context.ApplicationScoped;
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

/**
 * Calls the other services' internal endpoints (export, import, reproject) with the JDK's HTTP
 * client: it streams a body both ways while it arrives, where the REST client would buffer it
 * whole. Every call carries the internal key and a fresh correlation id, connects within {@code
 * engram.vault.export-connect-timeout} and has its own deadline for the response.
 */
@ApplicationScoped
public class ServiceClient {

  private final HttpClient http;
  private final Optional<String> internalKey;

  ServiceClient(ServicesConfig services, VaultConfig config) {
    this.internalKey = services.internalKey();
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(config.exportConnectTimeout())
            .version(HttpClient.Version.HTTP_1_1)
            .build();
  }

  /** {@code path} (with its query) on the service at {@code baseUrl}, trailing slashes ignored. */
  public static URI uri(String baseUrl, String path) {
    return URI.create(baseUrl.replaceAll("/+$", "") + path);
  }

  /**
   * A GET whose body is handed over as a stream; {@code timeout} runs until the response headers
   * arrive (the caller bounds the reading of the body).
   */
  public HttpResponse<InputStream> stream(URI uri, String accept, Duration timeout)
      throws CallException {
    return send(
        request(uri, timeout).GET().header("Accept", accept),
        HttpResponse.BodyHandlers.ofInputStream());
  }

  /** A POST of {@code body}, the whole answer read within {@code timeout}. */
  public HttpResponse<byte[]> post(
      URI uri, String contentType, HttpRequest.BodyPublisher body, Duration timeout)
      throws CallException {
    return send(
        request(uri, timeout).POST(body).header("Content-Type", contentType),
        HttpResponse.BodyHandlers.ofByteArray());
  }

  private HttpRequest.Builder request(URI uri, Duration timeout) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(timeout)
            .header(CorrelationId.HEADER, UUID.randomUUID().toString());
    internalKey.ifPresent(key -> request.header("Authorization", "Bearer " + key));
    return request;
  }

  private <T> HttpResponse<T> send(HttpRequest.Builder request, HttpResponse.BodyHandler<T> body)
      throws CallException {
    try {
      return http.send(request.build(), body);
    } catch (HttpTimeoutException e) {
      throw new CallException(CallException.Kind.TIMED_OUT, e);
    } catch (IOException e) {
      throw new CallException(CallException.Kind.UNREACHABLE, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CallException(CallException.Kind.INTERRUPTED, null);
    }
  }
}
