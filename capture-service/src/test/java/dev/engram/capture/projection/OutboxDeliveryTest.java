package dev.engram.capture.projection;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.RecallStub;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class OutboxDeliveryTest {

  private RecallStub recall;

  @BeforeEach
  void resetRecall() {
    recall = CaptureTestResources.recall();
    recall.reset();
  }

  private static long memory(String agent, String text) {
    return Api.as(TestKeys.AGENT)
        .body("{\"agent\":\"%s\",\"text\":\"%s\"}".formatted(agent, text))
        .post("/v1/memories")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath()
        .getLong("id");
  }

  private List<JsonNode> opsFor(String kind, long id) {
    List<JsonNode> ops = new ArrayList<>();
    for (JsonNode op : recall.received()) {
      JsonNode doc = op.path("document");
      boolean matches =
          doc.isMissingNode()
              ? kind.equals(op.path("kind").asText()) && op.path("id").asLong() == id
              : kind.equals(doc.path("kind").asText()) && doc.path("id").asLong() == id;
      if (matches) {
        ops.add(op);
      }
    }
    return ops;
  }

  private static JsonPath outboxReadiness() {
    JsonPath health = given().get("/q/health/ready").then().extract().jsonPath();
    return new JsonPath(health.prettify()).setRootPath("checks.find { it.name == 'outbox' }.data");
  }

  @Test
  void writesReachRecallWithTheInternalKeyAndInOrder() {
    String agent = Api.unique("bot");
    long id = memory(agent, "prefers window seats");
    Api.as(TestKeys.AGENT)
        .body("{\"confidence\":0.95}")
        .patch("/v1/memories/" + id)
        .then()
        .statusCode(200);
    Api.as(TestKeys.AGENT).delete("/v1/memories/" + id).then().statusCode(204);

    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                opsFor("memory", id).stream()
                    .anyMatch(op -> "delete".equals(op.path("op").asText())));
    List<JsonNode> ops = opsFor("memory", id);
    assertEquals("delete", ops.getLast().path("op").asText(), "the delete comes last");
    assertEquals("acme", ops.getLast().path("tenant").asText());
    assertTrue(recall.authorizations().stream().allMatch("Bearer test-internal-key"::equals));
  }

  @Test
  void documentsCarryWhatRecallNeeds() {
    String chat = Api.unique("chat");
    long exchange =
        Api.as(TestKeys.AGENT)
            .body(
                """
                {"exchanges":[{"agent":"bot","chat":"%s","thread":"t1","speaker":"alice",
                 "role":"user","text":"I adopted a cat named Miso","occurred_at":"2026-05-08T13:56:00Z",
                 "metadata":{"dia_id":"D1:1"}}]}"""
                    .formatted(chat))
            .post("/v1/exchanges")
            .then()
            .statusCode(201)
            .extract()
            .jsonPath()
            .getLong("items[0].id");
    await().atMost(Duration.ofSeconds(20)).until(() -> !opsFor("exchange", exchange).isEmpty());
    JsonNode doc = opsFor("exchange", exchange).getFirst().path("document");
    assertEquals("upsert", opsFor("exchange", exchange).getFirst().path("op").asText());
    assertEquals("acme", doc.path("tenant").asText());
    assertEquals(chat, doc.path("chat").asText());
    assertEquals("CHAT", doc.path("scope").asText());
    assertEquals("alice", doc.path("speaker").asText());
    assertEquals("2026-05-08T13:56:00Z", doc.path("created_at").asText());
    assertEquals("D1:1", doc.path("metadata").path("dia_id").asText());
    assertEquals(1, doc.path("version").asLong());
  }

  @Test
  void whileRecallIsDownWritesAreKeptAndDeliveredWhenItReturns() {
    recall.down(true);
    String agent = Api.unique("bot");
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      ids.add(memory(agent, "fact number " + i));
    }
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () -> {
              JsonPath outbox = outboxReadiness();
              return outbox.getInt("pending_events") >= 5
                  && String.valueOf(outbox.getString("last_error")).contains("503");
            });
    assertTrue(ids.stream().allMatch(id -> opsFor("memory", id).isEmpty()));

    recall.down(false);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> ids.stream().allMatch(id -> !opsFor("memory", id).isEmpty()));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> Db.count("select count(*) from outbox where dead_at is null") == 0);
  }

  /**
   * A receiver that cannot take a whole batch in time (FaultIT: graph-service past its deadline for
   * 256 events on a starved machine) must still get everything: the batch shrinks after a failure
   * instead of the same batch failing forever.
   */
  @Test
  void aReceiverTooSlowForAWholeBatchStillGetsEverything() {
    recall.down(true);
    String agent = Api.unique("bot");
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      ids.add(memory(agent, "slow receiver " + i));
    }
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> outboxReadiness().getInt("pending_events") >= 12);
    recall.busyAbove(2);
    recall.down(false);
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> ids.stream().allMatch(id -> !opsFor("memory", id).isEmpty()));
  }

  @Test
  void anEventRecallRefusesIsParkedAndTheRestFlow() {
    recall.rejectWhen(op -> op.path("document").path("text").asText().contains("POISON"));
    String agent = Api.unique("bot");
    long before = memory(agent, "fine before");
    long poison = memory(agent, "POISON pill");
    long after = memory(agent, "fine after");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> !opsFor("memory", before).isEmpty() && !opsFor("memory", after).isEmpty());
    assertTrue(opsFor("memory", poison).isEmpty());
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                Db.count(
                        "select count(*) from outbox where aggregate_id = ?1 and dead_at is not null",
                        poison)
                    == 1);
    List<Object[]> dead =
        Db.rows(
            "select last_error, attempts from outbox where aggregate_id = ?1 and dead_at is not null",
            poison);
    assertTrue(((String) dead.getFirst()[0]).contains("400"));
    assertFalse(((Number) dead.getFirst()[1]).intValue() == 0);
    await().atMost(Duration.ofSeconds(5)).until(() -> outboxReadiness().getInt("dead_events") >= 1);
  }

  @Test
  void reindexResendsTheTenantsWholeRecordAfterAReset() {
    String agent = Api.unique("bot");
    long id = memory(agent, "to be reindexed");
    await().atMost(Duration.ofSeconds(20)).until(() -> !opsFor("memory", id).isEmpty());
    long memories =
        Db.count("select count(*) from memories where tenant = 'acme' and status <> 'QUARANTINED'");
    long exchanges =
        Db.count(
            "select count(*) from exchanges where tenant = 'acme' and status <> 'QUARANTINED'");
    recall.reset();

    Api.as(TestKeys.AGENT).post("/v1/admin/reindex").then().statusCode(403);
    Api.as(TestKeys.ADMIN)
        .post("/v1/admin/reindex")
        .then()
        .statusCode(202)
        .body("tenant", equalTo("acme"))
        .body("memories", equalTo((int) memories))
        .body("exchanges", equalTo((int) exchanges));

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> recall.received().size() >= 1 + memories + exchanges);
    List<JsonNode> ops = recall.received();
    JsonNode reset =
        ops.stream().filter(op -> "reset".equals(op.path("op").asText())).findFirst().orElse(null);
    assertNotNull(reset);
    assertEquals("acme", reset.path("tenant").asText());
    int resetAt = ops.indexOf(reset);
    assertTrue(
        ops.subList(resetAt + 1, ops.size()).stream()
            .anyMatch(op -> op.path("document").path("id").asLong() == id),
        "the memory is re-sent after the reset");
    assertTrue(
        ops.stream().noneMatch(op -> "globex".equals(op.path("document").path("tenant").asText())));
  }
}
