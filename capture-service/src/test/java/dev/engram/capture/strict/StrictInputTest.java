package dev.engram.capture.strict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The hostile inputs of issue 12 against capture's memory and exchange writes, sent as raw bytes:
 * each is a 4xx problem+json naming what to fix, and nothing is stored for the agent.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class StrictInputTest {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private static final ObjectMapper JSON = new ObjectMapper();

  @TestHTTPResource("/")
  URI root;

  @Test
  void badMemoriesAreRefusedAndNothingIsStored() throws Exception {
    String agent = Api.unique("strict");
    String ok = "\"agent\":\"" + agent + "\",\"text\":\"Alice lives in Lisbon\"";
    refused(memory("{" + ok + ",\"text\":\"again\"}"), 400, "body");
    refused(memory("{" + ok + ",\"category\":3}"), 400, "category");
    refused(memory("{" + ok + ",\"category\":\"3\"}"), 400, "category");
    refused(memory("{\"agent\":\"" + agent + "\",\"text\":42}"), 400, "text");
    refused(memory("{\"agent\":\"" + agent + "\",\"text\":\"a\\u0000b\"}"), 400, "text");
    refused(memory("{" + ok + ",\"metadata\":{\"k\":\"\\u0000\"}}"), 400, "metadata.k");
    refused(memory("{" + ok + ",\"metadata\":{\"\\u0000\":\"v\"}}"), 400, "metadata");
    refused(memory("{\"agent\":\"" + agent + "\",\"text\":\"x\\ud800\"}"), 400, "text");
    refused(
        memory("{" + ok + ",\"expires_at\":\"+1000000000-01-01T00:00:00Z\"}"), 400, "expires_at");
    refused(memory("{" + ok + ",\"expires_at\":\"-0001-01-01T00:00:00Z\"}"), 400, "expires_at");
    byte[] overlong =
        ("{\"agent\":\"" + agent + "\",\"text\":\"a\u00ffb\"}").getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < overlong.length - 1; i++) {
      if ((overlong[i] & 0xFF) == 0xC3 && (overlong[i + 1] & 0xFF) == 0xBF) {
        overlong[i] = (byte) 0xC0; // C0 AF: an overlong '/'
        overlong[i + 1] = (byte) 0xAF;
      }
    }
    refused(send("/v1/memories", "application/json", overlong), 400, "body");
    refused(
        send("/v1/memories", null, ("{" + ok + "}").getBytes(StandardCharsets.UTF_8)), 415, null);
    assertEquals(0, Db.count("select count(*) from memories where agent = ?1", agent));
  }

  @Test
  void badExchangesAreRefusedAndNothingIsStored() throws Exception {
    String agent = Api.unique("strict");
    String turn =
        "{\"agent\":\"" + agent + "\",\"chat\":\"tg:1\",\"speaker\":\"alice\",\"role\":\"user\",";
    refused(
        exchanges(turn + "\"text\":\"hi\",\"occurred_at\":\"+1000000000-01-01T00:00:00Z\"}"),
        400,
        "exchanges[0].occurred_at");
    refused(
        exchanges(turn + "\"text\":\"hi\",\"occurred_at\":\"0000-01-01T00:00:00Z\"}"),
        400,
        "exchanges[0].occurred_at");
    refused(exchanges(turn + "\"text\":\"hi\\u0000\"}"), 400, "exchanges[0].text");
    refused(exchanges(turn + "\"text\":\"hi\",\"role\":1}"), 400, "exchanges[0]");
    assertEquals(0, Db.count("select count(*) from exchanges where agent = ?1", agent));
  }

  private HttpResponse<String> memory(String json) throws Exception {
    return send("/v1/memories", "application/json", json.getBytes(StandardCharsets.UTF_8));
  }

  private HttpResponse<String> exchanges(String item) throws Exception {
    String json = "{\"exchanges\":[" + item + "]}";
    return send("/v1/exchanges", "application/json", json.getBytes(StandardCharsets.UTF_8));
  }

  private HttpResponse<String> send(String path, String type, byte[] body) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(root.resolve(path))
            .header("Authorization", TestKeys.bearer(TestKeys.ADMIN))
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (type != null) {
      request.header("Content-Type", type);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** A problem+json with this status, naming {@code field} among its errors when given. */
  private static void refused(HttpResponse<String> response, int status, String field)
      throws Exception {
    assertEquals(status, response.statusCode(), response.body());
    assertEquals(
        "application/problem+json",
        response.headers().firstValue("Content-Type").orElse(""),
        response.body());
    JsonNode problem = JSON.readTree(response.body());
    assertEquals(status, problem.path("status").asInt(), response.body());
    if (field != null) {
      boolean named = false;
      for (JsonNode error : problem.path("errors")) {
        String named0 = error.path("field").asText();
        named |= named0.equals(field) || named0.startsWith(field + ".");
      }
      assertTrue(named, field + " not named in " + response.body());
    }
  }
}
