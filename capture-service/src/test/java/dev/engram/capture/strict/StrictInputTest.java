package dev.engram.capture.strict;

import static dev.engram.contracts.fixtures.RawRequests.refusedWithin;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import dev.engram.contracts.fixtures.RawRequests;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
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

  @TestHTTPResource("/")
  URI root;

  @Test
  void badMemoriesAreRefusedAndNothingIsStored() throws Exception {
    String agent = Api.unique("strict");
    String ok = "\"agent\":\"" + agent + "\",\"text\":\"Alice lives in Lisbon\"";
    refusedWithin(memory("{" + ok + ",\"text\":\"again\"}"), 400, "body");
    refusedWithin(memory("{" + ok + ",\"category\":3}"), 400, "category");
    refusedWithin(memory("{" + ok + ",\"category\":\"3\"}"), 400, "category");
    refusedWithin(memory("{\"agent\":\"" + agent + "\",\"text\":42}"), 400, "text");
    refusedWithin(memory("{\"agent\":\"" + agent + "\",\"text\":\"a\\u0000b\"}"), 400, "text");
    refusedWithin(memory("{" + ok + ",\"metadata\":{\"k\":\"\\u0000\"}}"), 400, "metadata.k");
    refusedWithin(memory("{" + ok + ",\"metadata\":{\"\\u0000\":\"v\"}}"), 400, "metadata");
    refusedWithin(memory("{\"agent\":\"" + agent + "\",\"text\":\"x\\ud800\"}"), 400, "text");
    refusedWithin(
        memory("{" + ok + ",\"expires_at\":\"+1000000000-01-01T00:00:00Z\"}"), 400, "expires_at");
    refusedWithin(
        memory("{" + ok + ",\"expires_at\":\"-0001-01-01T00:00:00Z\"}"), 400, "expires_at");
    byte[] overlong =
        RawRequests.withOverlongSlash(
            ("{\"agent\":\"" + agent + "\",\"text\":\"a\u00ffb\"}")
                .getBytes(StandardCharsets.UTF_8));
    refusedWithin(send("/v1/memories", "application/json", overlong), 400, "body");
    refusedWithin(
        send("/v1/memories", null, ("{" + ok + "}").getBytes(StandardCharsets.UTF_8)), 415, null);
    assertEquals(0, Db.count("select count(*) from memories where agent = ?1", agent));
  }

  @Test
  void badExchangesAreRefusedAndNothingIsStored() throws Exception {
    String agent = Api.unique("strict");
    String turn =
        "{\"agent\":\"" + agent + "\",\"chat\":\"tg:1\",\"speaker\":\"alice\",\"role\":\"user\",";
    refusedWithin(
        exchanges(turn + "\"text\":\"hi\",\"occurred_at\":\"+1000000000-01-01T00:00:00Z\"}"),
        400,
        "exchanges[0].occurred_at");
    refusedWithin(
        exchanges(turn + "\"text\":\"hi\",\"occurred_at\":\"0000-01-01T00:00:00Z\"}"),
        400,
        "exchanges[0].occurred_at");
    refusedWithin(exchanges(turn + "\"text\":\"hi\\u0000\"}"), 400, "exchanges[0].text");
    refusedWithin(exchanges(turn + "\"text\":\"hi\",\"role\":1}"), 400, "exchanges[0]");
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
    return RawRequests.post(root.resolve(path), TestKeys.bearer(TestKeys.ADMIN), type, body);
  }
}
