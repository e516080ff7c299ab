package dev.engram.vault.restore;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.engram.vault.archive.ArchiveJson;
import dev.engram.vault.client.CallException;
import dev.engram.vault.client.ServiceClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@link Reprojector} over HTTP, with the internal key. */
final class HttpReprojector implements Reprojector {

  static final String PATH = "/internal/v1/reproject";

  private final URI uri;
  private final ServiceClient client;
  private final Duration timeout;

  HttpReprojector(String baseUrl, ServiceClient client, Duration timeout) {
    this.uri = ServiceClient.uri(baseUrl, PATH);
    this.client = client;
    this.timeout = timeout;
  }

  @Override
  public Map<String, Object> reproject(String target) throws ReprojectException {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("tenant", null); // a restore spans every tenant
    body.put("targets", List.of(target));
    HttpRequest.BodyPublisher json;
    try {
      json = HttpRequest.BodyPublishers.ofByteArray(ArchiveJson.MAPPER.writeValueAsBytes(body));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    HttpResponse<byte[]> response;
    try {
      response = client.post(uri, "application/json", json, timeout);
    } catch (CallException e) {
      throw new ReprojectException(
          e.kind() == CallException.Kind.INTERRUPTED
              ? "capture's reprojection of " + target + " was interrupted"
              : "capture's reprojection of " + target + " failed: " + e.getCause());
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
