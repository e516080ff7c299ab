package dev.engram.capture.memory;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * The listing a gateway's "newest memories of this chat" reads in one call (MicroClaw's context
 * op): a confidence floor, expired memories left out, ordered by last update, one page.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class MemoryListingTest {

  private static int create(String agent, String text, double confidence) {
    return created(
        "{\"agent\":\"%s\",\"text\":\"%s\",\"confidence\":%s}".formatted(agent, text, confidence));
  }

  private static int create(String agent, String text, String mode) {
    return created(
        "{\"agent\":\"%s\",\"text\":\"%s\",\"mode\":\"%s\"}".formatted(agent, text, mode));
  }

  private static int created(String json) {
    return Api.as(TestKeys.AGENT)
        .body(json)
        .post("/v1/memories")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath()
        .getInt("id");
  }

  @Test
  void newestUpdatedConfidentAndUnexpiredInOnePage() {
    String agent = Api.unique("bot");
    int tea = create(agent, "Alice drinks green tea", 0.9);
    int doubt = create(agent, "Alice might like opera", 0.3);
    int gone = create(agent, "The office is closed this week", 0.8);
    int trip = create(agent, "Alice flies to Oslo in June", 0.7);
    Db.execute("update memories set expires_at = now() - interval '1 day' where id = " + gone);
    // tea was created first but is the latest to change
    Api.as(TestKeys.AGENT)
        .body("{\"confidence\":0.95}")
        .patch("/v1/memories/" + tea)
        .then()
        .statusCode(200);

    Api.as(TestKeys.AGENT)
        .queryParam("agent", agent)
        .queryParam("min_confidence", "0.45")
        .queryParam("unexpired", "true")
        .queryParam("order", "updated")
        .queryParam("limit", "10")
        .get("/v1/memories")
        .then()
        .statusCode(200)
        .body("items.id", contains(tea, trip))
        .body("next_cursor", nullValue());
    Api.as(TestKeys.AGENT)
        .queryParam("agent", agent)
        .queryParam("order", "updated")
        .queryParam("limit", "1")
        .get("/v1/memories")
        .then()
        .statusCode(200)
        .body("items.id", contains(tea))
        .body("next_cursor", nullValue());
    // without the new parameters the listing is what it was: every ACTIVE one, by id
    Api.as(TestKeys.AGENT)
        .queryParam("agent", agent)
        .get("/v1/memories")
        .then()
        .statusCode(200)
        .body("items.id", contains(trip, gone, doubt, tea));
  }

  @Test
  void aModeKeepsTheMemoriesTaggedWithIt() {
    String agent = Api.unique("bot");
    int work = create(agent, "Standup is at nine", "work");
    int personal = create(agent, "Alice drinks green tea", "personal");
    int untagged = create(agent, "The office is in Oslo", 0.8);
    Api.as(TestKeys.AGENT)
        .queryParam("agent", agent)
        .queryParam("mode", "work")
        .get("/v1/memories")
        .then()
        .statusCode(200)
        .body("items.id", contains(work))
        .body("items[0].mode", equalTo("work"));
    Api.as(TestKeys.AGENT)
        .queryParam("agent", agent)
        .get("/v1/memories")
        .then()
        .statusCode(200)
        .body("items.id", contains(untagged, personal, work));
  }

  @Test
  void badListingParametersAre400() {
    for (String[] bad :
        new String[][] {
          {"min_confidence", "1.5", "min_confidence"},
          {"min_confidence", "high", "min_confidence"},
          {"unexpired", "yes", "unexpired"},
          {"order", "random", "order"},
          {"mode", "Work!", "mode"},
        }) {
      Api.as(TestKeys.AGENT)
          .queryParam("agent", "bot")
          .queryParam(bad[0], bad[1])
          .get("/v1/memories")
          .then()
          .statusCode(400)
          .body("errors[0].field", equalTo(bad[2]));
    }
    Api.as(TestKeys.AGENT)
        .queryParam("order", "updated")
        .queryParam("cursor", "12")
        .get("/v1/memories")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("cursor"));
  }
}
