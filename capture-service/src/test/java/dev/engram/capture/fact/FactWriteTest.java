package dev.engram.capture.fact;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code POST /v1/facts} and {@code POST /v1/facts/{id}/invalidate}. */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class FactWriteTest {

  private static Map<String, Object> fact(String agent, String predicate, String object) {
    Map<String, Object> body = new HashMap<>();
    body.put("agent", agent);
    body.put("subject", "Alice");
    body.put("predicate", predicate);
    body.put("object", object);
    return body;
  }

  private static JsonPath add(Map<String, Object> body) {
    return Api.as(TestKeys.AGENT)
        .body(body)
        .post("/v1/facts")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath();
  }

  private static JsonPath current(String agent) {
    return Api.as(TestKeys.AGENT)
        .queryParam("agent", agent)
        .get("/v1/facts")
        .then()
        .statusCode(200)
        .extract()
        .jsonPath();
  }

  /**
   * A write that flushes more than once (a functional fact superseding the older) must not rewrite
   * the audit rows it already wrote: they are append-only. PostgreSQL's table statistics count
   * every row update; they arrive with the inserts of the same transaction.
   */
  @Test
  void auditRowsAreWrittenOnceAndNeverUpdated() {
    String agent = Api.unique("bot");
    long[] before = auditWrites();
    add(fact(agent, "lives_in", "Lisbon"));
    add(fact(agent, "lives_in", "Porto"));
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> auditWrites()[0] >= before[0] + 3);
    long[] after = auditWrites();
    assertEquals(before[1], after[1], "audit rows were updated");
    assertTrue(after[0] >= before[0] + 3);
  }

  /** {inserts, updates} of audit_log so far. */
  private static long[] auditWrites() {
    Object[] row =
        Db.rows("select n_tup_ins, n_tup_upd from pg_stat_user_tables where relname = 'audit_log'")
            .getFirst();
    return new long[] {((Number) row[0]).longValue(), ((Number) row[1]).longValue()};
  }

  @Test
  void aStatedFactIsRecordedCurrentAndSentToTheGraph() {
    String agent = Api.unique("bot");
    Map<String, Object> body = fact(agent, "likes", "hiking");
    body.put("valid_from", "2026-03-02T09:00:00Z");
    body.put("confidence", 0.8);
    JsonPath added = add(body);
    long id = added.getLong("id");
    assertEquals("AGENT", added.getString("scope"));
    assertEquals("likes", added.getString("predicate"));
    assertEquals("hiking", added.getString("object"));
    assertEquals("2026-03-02T09:00:00Z", added.getString("valid_from"));
    assertEquals(0.8f, added.getFloat("confidence"));
    assertEquals("ACTIVE", added.getString("status"));
    assertEquals(id, current(agent).getLong("items[0].id"));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                CaptureTestResources.graph().about("fact", id).stream()
                    .anyMatch(op -> op.path("op").asText().equals("upsert_fact")));
  }

  @Test
  void aNewValueOfAFunctionalPredicateInvalidatesTheOld() {
    String agent = Api.unique("bot");
    Map<String, Object> lisbon = fact(agent, "lives_in", "Lisbon");
    lisbon.put("valid_from", "2026-03-02T09:00:00Z");
    long old = add(lisbon).getLong("id");
    Map<String, Object> porto = fact(agent, "lives_in", "Porto");
    porto.put("valid_from", "2026-03-20T10:00:00Z");
    long fresh = add(porto).getLong("id");

    JsonPath now = current(agent);
    assertEquals(1, now.getList("items").size());
    assertEquals(fresh, now.getLong("items[0].id"));
    JsonPath all =
        Api.as(TestKeys.AGENT)
            .queryParam("agent", agent)
            .queryParam("current", "false")
            .get("/v1/facts")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    Map<String, Object> ended = all.getMap("items.find { it.id == " + old + " }");
    assertEquals("SUPERSEDED", ended.get("status"));
    assertEquals("2026-03-20T10:00:00Z", ended.get("valid_to"));
    assertEquals(fresh, ((Number) ended.get("superseded_by")).longValue());
  }

  @Test
  void invalidateEndsAFactOnceAndOnlyForItsTenant() {
    String agent = Api.unique("bot");
    long id = add(fact(agent, "likes", "coffee")).getLong("id");

    Api.as(TestKeys.OTHER_TENANT)
        .body(Map.of())
        .post("/v1/facts/" + id + "/invalidate")
        .then()
        .statusCode(404)
        .contentType(startsWith("application/problem+json"));
    Api.as(TestKeys.AGENT)
        .body(Map.of())
        .post("/v1/facts/999999999/invalidate")
        .then()
        .statusCode(404);

    JsonPath ended =
        Api.as(TestKeys.AGENT)
            .body(Map.of("valid_to", "2030-01-01T00:00:00Z"))
            .post("/v1/facts/" + id + "/invalidate")
            .then()
            .statusCode(200)
            .body("invalidated_at", notNullValue())
            .body("valid_to", equalTo("2030-01-01T00:00:00Z"))
            .extract()
            .jsonPath();
    assertEquals(0, current(agent).getList("items").size());

    // Again: unchanged, same version and times.
    Api.as(TestKeys.AGENT)
        .body(Map.of("valid_to", "2031-01-01T00:00:00Z"))
        .post("/v1/facts/" + id + "/invalidate")
        .then()
        .statusCode(200)
        .body("valid_to", equalTo("2030-01-01T00:00:00Z"))
        .body("invalidated_at", equalTo(ended.getString("invalidated_at")))
        .body("version", equalTo(ended.getInt("version")));
  }

  @Test
  void badInputIsRefusedAndNothingIsStored() {
    String agent = Api.unique("bot");
    refused(fact(agent, "Lives In", "Porto"), "predicate");
    refused(fact(agent, "lives_in", ""), "object");
    refused(fact(agent, "lives_in", "x".repeat(201)), "object");
    Map<String, Object> control = fact(agent, "lives_in", "Porto");
    control.put("subject", "Al\u0000ice");
    refused(control, "subject");
    Map<String, Object> global = fact(null, "likes", "tea");
    global.put("scope", "GLOBAL");
    Api.as(TestKeys.AGENT).body(global).post("/v1/facts").then().statusCode(403);
    Map<String, Object> agentless = fact(null, "likes", "tea");
    refused(agentless, "agent");
    Api.as(TestKeys.AGENT)
        .queryParam("agent", agent)
        .queryParam("current", "false")
        .get("/v1/facts")
        .then()
        .statusCode(200)
        .body("items.size()", equalTo(0))
        .body("next_cursor", nullValue());
  }

  private static void refused(Map<String, Object> body, String field) {
    Api.as(TestKeys.AGENT)
        .body(body)
        .post("/v1/facts")
        .then()
        .statusCode(400)
        .contentType(startsWith("application/problem+json"))
        .body("errors[0].field", equalTo(field));
  }
}
