package dev.engram.capture.exchange;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class ExchangeApiTest {

  private static String turn(String chat, String speaker, String text, String at) {
    return """
        {"agent":"bot","chat":"%s","thread":"proj","session":"s1","speaker":"%s","role":"user",
         "text":"%s","occurred_at":"%s","metadata":{"dia_id":"D1:%s"}}"""
        .formatted(chat, speaker, text, at, text.length());
  }

  private static long storedIn(String chat) {
    return Db.count("select count(*) from exchanges where chat = ?1", chat);
  }

  @Test
  void aBatchIsStoredInOrderAndReadBackOldestFirst() {
    String chat = Api.unique("chat");
    String body =
        "{\"exchanges\":["
            + turn(chat, "alice", "second", "2026-05-08T13:57:00Z")
            + ","
            + turn(chat, "bob", "first", "2026-05-08T13:56:00+00:00")
            + ","
            + turn(chat, "alice", "third", "2026-05-08T15:58:00+02:00")
            + "]}";
    List<Integer> ids =
        Api.as(TestKeys.AGENT)
            .body(body)
            .post("/v1/exchanges")
            .then()
            .statusCode(201)
            .body("items", hasSize(3))
            .body("items[2].occurred_at", equalTo("2026-05-08T13:58:00Z"))
            .extract()
            .jsonPath()
            .getList("items.id");
    Api.as(TestKeys.AGENT)
        .queryParam("agent", "bot")
        .queryParam("chat", chat)
        .get("/v1/exchanges")
        .then()
        .statusCode(200)
        .body("items.text", equalTo(List.of("first", "second", "third")))
        .body("items[0].speaker", equalTo("bob"))
        .body("items[0].role", equalTo("user"))
        .body("items[0].thread", equalTo("proj"))
        .body("items[0].metadata.dia_id", equalTo("D1:5"))
        .body("next_cursor", nullValue());
    Api.as(TestKeys.AGENT)
        .get("/v1/exchanges/" + ids.get(0))
        .then()
        .statusCode(200)
        .body("text", equalTo("second"));
    Api.as(TestKeys.OTHER_TENANT).get("/v1/exchanges/" + ids.get(0)).then().statusCode(404);
  }

  @Test
  void oneBadTurnRejectsTheWholeBatch() {
    String chat = Api.unique("chat");
    String good = turn(chat, "alice", "fine", "2026-05-08T13:56:00Z");
    String noSpeaker =
        "{\"agent\":\"bot\",\"chat\":\"%s\",\"role\":\"user\",\"text\":\"x\"}".formatted(chat);
    Api.as(TestKeys.AGENT)
        .body("{\"exchanges\":[" + good + "," + noSpeaker + "]}")
        .post("/v1/exchanges")
        .then()
        .statusCode(400)
        .contentType("application/problem+json")
        .body("errors[0].field", equalTo("exchanges[1].speaker"))
        .body("errors[0].rule", equalTo("NotNull"));
    String badRole =
        "{\"agent\":\"bot\",\"chat\":\"%s\",\"speaker\":\"a\",\"role\":\"narrator\",\"text\":\"x\"}"
            .formatted(chat);
    Api.as(TestKeys.AGENT)
        .body("{\"exchanges\":[" + good + "," + badRole + "]}")
        .post("/v1/exchanges")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("exchanges[1].role"));
    Api.as(TestKeys.AGENT)
        .body("{\"exchanges\":[" + turn(chat, "a", "x", "yesterday") + "]}")
        .post("/v1/exchanges")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("exchanges[0].occurred_at"));
    Api.as(TestKeys.AGENT)
        .body("{\"exchanges\":[]}")
        .post("/v1/exchanges")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("exchanges"));
    assertEquals(0, storedIn(chat));
  }

  @Test
  void batchesOverTheLimitAreRefused() {
    String chat = Api.unique("chat");
    String turns =
        IntStream.range(0, 51)
            .mapToObj(i -> turn(chat, "a", "t" + i, "2026-05-08T13:56:00Z"))
            .collect(Collectors.joining(","));
    Api.as(TestKeys.AGENT)
        .body("{\"exchanges\":[" + turns + "]}")
        .post("/v1/exchanges")
        .then()
        .statusCode(413)
        .body("code", equalTo("batch_too_large"))
        .body("errors[0].field", equalTo("exchanges"));
    String huge = "x".repeat(32769);
    Api.as(TestKeys.AGENT)
        .body("{\"exchanges\":[" + turn(chat, "a", huge, "2026-05-08T13:56:00Z") + "]}")
        .post("/v1/exchanges")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("exchanges[0].text"));
    assertEquals(0, storedIn(chat));
  }

  @Test
  void tracesPageByTimeAndFilter() {
    String chat = Api.unique("chat");
    String turns =
        IntStream.range(0, 7)
            .mapToObj(i -> turn(chat, "a", "t" + i, "2026-05-08T13:5" + i + ":00Z"))
            .collect(Collectors.joining(","));
    Api.as(TestKeys.AGENT)
        .body("{\"exchanges\":[" + turns + "]}")
        .post("/v1/exchanges")
        .then()
        .statusCode(201);
    List<String> seen = new ArrayList<>();
    String cursor = null;
    do {
      var request =
          Api.as(TestKeys.AGENT)
              .queryParam("agent", "bot")
              .queryParam("chat", chat)
              .queryParam("limit", 3);
      if (cursor != null) {
        request.queryParam("cursor", cursor);
      }
      var page = request.get("/v1/exchanges").then().statusCode(200).extract().jsonPath();
      seen.addAll(page.getList("items.text"));
      cursor = page.getString("next_cursor");
    } while (cursor != null && seen.size() < 20);
    assertEquals(List.of("t0", "t1", "t2", "t3", "t4", "t5", "t6"), seen);
    Api.as(TestKeys.AGENT)
        .queryParam("agent", "bot")
        .queryParam("chat", chat)
        .queryParam("from", "2026-05-08T13:52:00Z")
        .queryParam("to", "2026-05-08T13:54:00Z")
        .get("/v1/exchanges")
        .then()
        .body("items.text", equalTo(List.of("t2", "t3")));
    Api.as(TestKeys.AGENT)
        .queryParam("chat", chat)
        .get("/v1/exchanges")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("agent"));
    Api.as(TestKeys.AGENT)
        .queryParam("agent", "bot")
        .queryParam("chat", chat)
        .queryParam("from", "last week")
        .get("/v1/exchanges")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("from"));
  }
}
