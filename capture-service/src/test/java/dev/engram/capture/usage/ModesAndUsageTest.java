package dev.engram.capture.usage;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.RecallStub;
import dev.engram.capture.TestKeys;
import dev.engram.capture.Turns;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Issue 17: a mode tag on exchanges and memories, and usage counts reported by recall. */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class ModesAndUsageTest {

  private static long memory(String agent, String json) {
    return Api.as(TestKeys.AGENT)
        .body(json.formatted(agent))
        .post("/v1/memories")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath()
        .getLong("id");
  }

  private static void surfaced(String items) {
    given()
        .header("Authorization", TestKeys.bearer(TestKeys.INTERNAL))
        .contentType(ContentType.JSON)
        .body("{\"items\":[" + items + "]}")
        .post("/internal/v1/memories/surfaced")
        .then()
        .statusCode(200);
  }

  private static JsonNode indexed(RecallStub recall, String kind, long id) {
    return recall.received().stream()
        .filter(op -> op.at("/document/kind").asText().equals(kind))
        .filter(op -> op.at("/document/id").asLong() == id)
        .reduce((first, last) -> last)
        .orElse(null);
  }

  @Test
  void aMemoryAndAnExchangeKeepTheirModeAndTheIndexLearnsIt() {
    String agent = Api.unique("bot");
    long id =
        memory(
            agent,
            "{\"agent\":\"%s\",\"text\":\"the dragon guards the gate\",\"mode\":\"roleplay\"}");
    Api.as(TestKeys.AGENT).get("/v1/memories/" + id).then().body("mode", equalTo("roleplay"));
    long untagged = memory(agent, "{\"agent\":\"%s\",\"text\":\"standup is at ten\"}");
    Api.as(TestKeys.AGENT).get("/v1/memories/" + untagged).then().body("mode", nullValue());
    // a successor stays in the mode of what it replaces
    Api.as(TestKeys.AGENT)
        .body("{\"text\":\"the dragon sleeps by the gate\"}")
        .post("/v1/memories/" + id + "/supersede")
        .then()
        .statusCode(201)
        .body("mode", equalTo("roleplay"));
    for (String bad : new String[] {"Work", "work mode", "x".repeat(33), ""}) {
      Api.as(TestKeys.AGENT)
          .body("{\"agent\":\"%s\",\"text\":\"t\",\"mode\":\"%s\"}".formatted(agent, bad))
          .post("/v1/memories")
          .then()
          .statusCode(400);
    }
    JsonPath appended =
        Api.as(TestKeys.AGENT)
            .body(
                ("{\"exchanges\":[{\"agent\":\"%s\",\"chat\":\"c\",\"speaker\":\"alice\","
                        + "\"role\":\"user\",\"text\":\"let us plan the sprint\",\"mode\":\"work\"}]}")
                    .formatted(agent))
            .post("/v1/exchanges")
            .then()
            .statusCode(201)
            .extract()
            .jsonPath();
    long exchange = appended.getLong("items[0].id");
    assertEquals(
        1L, Db.count("select count(*) from exchanges where id = ?1 and mode = 'work'", exchange));
    RecallStub recall = CaptureTestResources.recall();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                indexed(recall, "memory", id) != null
                    && indexed(recall, "exchange", exchange) != null);
    assertEquals("roleplay", indexed(recall, "memory", id).at("/document/mode").asText());
    assertEquals("work", indexed(recall, "exchange", exchange).at("/document/mode").asText());
    assertTrue(indexed(recall, "memory", id).at("/document/mode").isTextual());
  }

  @Test
  void recentTurnsForAModeLeaveOtherModesOut() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    String turn =
        "{\"agent\":\"%s\",\"chat\":\"%s\",\"speaker\":\"alice\",\"role\":\"user\","
            + "\"text\":\"%s\"%s}";
    Api.as(TestKeys.AGENT)
        .body(
            "{\"exchanges\":["
                + String.join(
                    ",",
                    turn.formatted(agent, chat, "plain hello", ""),
                    turn.formatted(agent, chat, "the dragon roars", ",\"mode\":\"roleplay\""),
                    turn.formatted(agent, chat, "the sprint starts", ",\"mode\":\"work\""))
                + "]}")
        .post("/v1/exchanges")
        .then()
        .statusCode(201);
    java.util.function.Function<String, java.util.List<String>> recent =
        mode -> {
          var r =
              given()
                  .header("Authorization", TestKeys.bearer(TestKeys.INTERNAL))
                  .queryParam("tenant", "acme")
                  .queryParam("agent", agent)
                  .queryParam("chat", chat);
          if (mode != null) {
            r.queryParam("mode", mode);
          }
          return r.get("/internal/v1/exchanges/recent")
              .then()
              .statusCode(200)
              .extract()
              .jsonPath()
              .getList("turns.text");
        };
    assertEquals(
        java.util.List.of("plain hello", "the dragon roars", "the sprint starts"),
        recent.apply(null));
    assertEquals(java.util.List.of("plain hello", "the sprint starts"), recent.apply("work"));
    assertEquals(java.util.List.of("plain hello", "the dragon roars"), recent.apply("roleplay"));
    given()
        .header("Authorization", TestKeys.bearer(TestKeys.INTERNAL))
        .queryParam("tenant", "acme")
        .queryParam("agent", agent)
        .queryParam("chat", chat)
        .queryParam("mode", "Work")
        .get("/internal/v1/exchanges/recent")
        .then()
        .statusCode(400);
  }

  @Test
  void whatTheReflectorLearnsInheritsTheModeOfItsExchanges() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    Api.as(TestKeys.AGENT)
        .body(
            ("{\"exchanges\":[{\"agent\":\"%s\",\"chat\":\"%s\",\"speaker\":\"alice\","
                    + "\"role\":\"user\",\"text\":\"I live in Oslo.\",\"mode\":\"roleplay\","
                    + "\"occurred_at\":\"2026-04-05T09:00:00Z\"}]}")
                .formatted(agent, chat))
        .post("/v1/exchanges")
        .then()
        .statusCode(201);
    new Turns(agent, chat).reflect();
    long learned = Db.count("select count(*) from memories where agent = ?1", agent);
    assertTrue(learned > 0, "the Reflector learned something");
    assertEquals(
        learned,
        Db.count("select count(*) from memories where agent = ?1 and mode = 'roleplay'", agent));
  }

  @Test
  void surfacedUsageIsSummedShownAndSurvivesAnEdit() {
    String agent = Api.unique("bot");
    long id = memory(agent, "{\"agent\":\"%s\",\"text\":\"prefers dark roast\"}");
    Api.as(TestKeys.AGENT)
        .get("/v1/memories/" + id)
        .then()
        .body("times_surfaced", equalTo(0))
        .body("last_surfaced", nullValue())
        .body("last_used", nullValue());
    String early = "2026-11-01T10:00:00Z";
    String late = "2026-11-02T10:00:00Z";
    surfaced(
        "{\"tenant\":\"acme\",\"id\":%d,\"times\":2,\"last_surfaced\":\"%s\"}".formatted(id, late));
    surfaced(
        "{\"tenant\":\"acme\",\"id\":%d,\"times\":1,\"last_surfaced\":\"%s\",\"last_used\":\"%s\"}"
            .formatted(id, early, early));
    // another tenant's id is not touched: the tenant is part of the key
    surfaced(
        "{\"tenant\":\"globex\",\"id\":%d,\"times\":5,\"last_surfaced\":\"%s\"}"
            .formatted(id, late));
    Api.as(TestKeys.AGENT)
        .body("{\"confidence\":0.5}")
        .patch("/v1/memories/" + id)
        .then()
        .statusCode(200);
    Api.as(TestKeys.AGENT)
        .get("/v1/memories/" + id)
        .then()
        .body("times_surfaced", equalTo(3))
        .body("last_surfaced", equalTo(late))
        .body("last_used", equalTo(early))
        .body("confidence", equalTo(0.5f));
    Api.as(TestKeys.AGENT)
        .body("{\"items\":[]}")
        .post("/internal/v1/memories/surfaced")
        .then()
        .statusCode(403);
    given()
        .header("Authorization", TestKeys.bearer(TestKeys.INTERNAL))
        .contentType(ContentType.JSON)
        .body(
            "{\"items\":[{\"tenant\":\"acme\",\"id\":1,\"times\":0,\"last_surfaced\":\""
                + late
                + "\"}]}")
        .post("/internal/v1/memories/surfaced")
        .then()
        .statusCode(400);
  }

  @Test
  void aMemoryAContextPackUsedDoesNotDecay() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    String head = "{\"agent\":\"%s\",\"chat\":\"" + chat + "\",\"source\":\"reflector\",";
    long used = memory(agent, head + "\"text\":\"alice plays the cello\"}");
    long unused = memory(agent, head + "\"text\":\"alice keeps bees\"}");
    Db.execute(
        "update memories set last_seen_at = now() - interval '120 days' where id in ("
            + used
            + ","
            + unused
            + ")");
    surfaced(
        "{\"tenant\":\"acme\",\"id\":%d,\"times\":1,\"last_surfaced\":\"%s\",\"last_used\":\"%s\"}"
            .formatted(used, Instant.now(), Instant.now()));
    new Turns(agent, chat).reflect();
    Api.as(TestKeys.AGENT)
        .get("/v1/memories/" + used)
        .then()
        .body("confidence", equalTo(0.8f))
        .body("last_used", notNullValue());
    assertEquals(
        0.4,
        Api.as(TestKeys.AGENT)
            .get("/v1/memories/" + unused)
            .then()
            .extract()
            .jsonPath()
            .getDouble("confidence"),
        0.01,
        "not used: 90 days past the grace, halved");
  }
}
