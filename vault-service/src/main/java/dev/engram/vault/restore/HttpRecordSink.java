package dev.engram.vault.restore;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.vault.archive.ArchiveJson;
import dev.engram.vault.client.CallException;
import dev.engram.vault.client.ServiceClient;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** A service's {@code POST /internal/v1/import}, the body streamed from the archive. */
final class HttpRecordSink implements RecordSink {

  static final String PATH = "/internal/v1/import";

  private final String name;
  private final String baseUrl;
  private final ServiceClient client;
  private final Duration timeout;

  HttpRecordSink(String name, String baseUrl, ServiceClient client, Duration timeout) {
    this.name = name;
    this.baseUrl = baseUrl;
    this.client = client;
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
        ServiceClient.uri(
            baseUrl, PATH + "?mode=" + mode.name().toLowerCase(Locale.ROOT) + "&dry_run=" + dryRun);
    HttpResponse<byte[]> response;
    try {
      response =
          client.post(
              uri,
              "application/x-ndjson",
              HttpRequest.BodyPublishers.ofInputStream(() -> body),
              timeout);
    } catch (CallException e) {
      throw new SinkException(
          e.kind() == CallException.Kind.INTERRUPTED
              ? name + " import was interrupted"
              : name + " import failed: " + e.getCause().getMessage());
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
