package dev.engram.capture.injection;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: the injection records recall-service reports, stored per tenant within their caps,
 * listed, opened and deleted through the public API.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class InjectionRecordsTest {

  @Inject InjectionRecords records;

  /** A record as recall-service sends it: one section with one recalled memory. */
  private static Map<String, Object> record(
      String tenant, String agent, String chat, Instant at, int selected, long candidates) {
    Map<String, Object> r = new HashMap<>();
    r.put("tenant", tenant);
    r.put("agent", agent);
    r.put("chat", chat);
    r.put("thread", null);
    r.put("session_id", "s-1");
    r.put("kind", "context");
    r.put("created_at", at.toString());
    r.put("query", "what does alice drink?");
    r.put("budget_tokens", 800);
    r.put("tokens", 120);
    r.put("selected", selected);
    r.put("candidates", candidates);
    r.put("omitted", candidates - selected);
    r.put(
        "sections",
        List.of(
            Map.of(
                "name",
                "relevant",
                "tokens",
                40,
                "items",
                List.of(
                    Map.of(
                        "ref",
                        "memory:12",
                        "text",
                        "Alice drinks green tea",
                        "score",
                        0.031,
                        "signals",
                        Map.of("semantic", Map.of("rank", 1, "score", 0.82)))))));
    r.put("omitted_items", List.of(Map.of("ref", "memory:13", "reason", "budget")));
    r.put("skipped_sources", List.of(Map.of("source", "graph", "reason", "timeout")));
    return r;
  }

  private static ValidatableResponse post(String key, List<Map<String, Object>> batch) {
    return given()
        .header("Authorization", TestKeys.bearer(key))
        .contentType(ContentType.JSON)
        .body(Map.of("records", batch))
        .post("/internal/v1/injections")
        .then();
  }

  private static void store(List<Map<String, Object>> batch) {
    post(TestKeys.INTERNAL, batch).statusCode(200).body("records", equalTo(batch.size()));
  }

  private static JsonPath list(String key, String query) {
    return Api.as(key).get("/v1/injections?" + query).then().statusCode(200).extract().jsonPath();
  }

  private static long stored(String agent) {
    return Db.count("select count(*) from injection_records where agent = ?1", agent);
  }

  @Test
  void onlyTheInternalKeyMayReport() {
    String agent = Api.unique("bot");
    var batch = List.of(record("acme", agent, "c", Instant.now(), 1, 2));
    post(TestKeys.AGENT, batch).statusCode(403);
    post(TestKeys.ADMIN, batch).statusCode(403);
    given()
        .contentType(ContentType.JSON)
        .body(Map.of("records", batch))
        .post("/internal/v1/injections")
        .then()
        .statusCode(401);
    assertEquals(0, stored(agent));
  }

  @Test
  void aBadRecordRefusesTheBatchAndNothingIsStored() {
    String agent = Api.unique("bot");
    var good = record("acme", agent, "c", Instant.now(), 1, 2);
    List<Map<String, Object>> bads = new ArrayList<>();
    for (var change :
        List.<Map<String, Object>>of(
            Map.of("kind", "recall"),
            Map.of("tenant", "no tenant"),
            Map.of("budget_tokens", 0),
            Map.of("selected", -1),
            Map.of("omitted_items", List.of(Map.of("ref", "not a ref", "reason", "budget"))),
            Map.of("sections", List.of(Map.of("name", "x", "tokens", 1))))) {
      var bad = new HashMap<>(good);
      bad.putAll(change);
      bads.add(bad);
    }
    bads.add(new HashMap<>(good));
    bads.getLast().remove("created_at");
    for (var bad : bads) {
      post(TestKeys.INTERNAL, List.of(good, bad))
          .statusCode(400)
          .contentType(startsWith("application/problem+json"));
    }
    List<Map<String, Object>> tooMany = new ArrayList<>();
    for (int i = 0; i <= InjectionBatch.MAX_RECORDS; i++) {
      tooMany.add(good);
    }
    post(TestKeys.INTERNAL, tooMany).statusCode(400);
    assertEquals(0, stored(agent));
  }

  @Test
  void aChatsRecordsAreListedNewestFirstPagedAndOpened() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    Instant now = Instant.now();
    var first = record("acme", agent, chat, now.minusSeconds(30), 1, 5);
    first.put("query", "q".repeat(700));
    store(List.of(first, record("acme", agent, chat, now.minusSeconds(20), 2, 5)));
    var third = record("acme", agent, chat, now.minusSeconds(10), 3, 5);
    third.put(
        "sections",
        List.of(
            Map.of(
                "name",
                "slots",
                "tokens",
                9,
                "items",
                List.of(Map.of("ref", "slot:hot_context", "text", "é".repeat(400))))));
    third.put("thread", "t-1");
    third.put("kind", "session_start");
    store(List.of(third, record("acme", agent, Api.unique("chat"), now, 1, 1)));

    JsonPath page = list(TestKeys.AGENT, "agent=" + agent + "&chat=" + chat + "&limit=2");
    assertEquals(List.of(3, 2), page.getList("items.selected"));
    assertEquals("session_start", page.getString("items[0].kind"));
    assertEquals("t-1", page.getString("items[0].thread"));
    assertEquals("s-1", page.getString("items[0].session_id"));
    assertEquals(800, page.getInt("items[0].budget_tokens"));
    assertEquals(2, page.getLong("items[0].omitted"));
    assertFalse(page.getBoolean("items[0].truncated"));
    String cursor = page.getString("next_cursor");
    JsonPath rest =
        list(TestKeys.AGENT, "agent=" + agent + "&chat=" + chat + "&limit=2&cursor=" + cursor);
    assertEquals(List.of(1), rest.getList("items.selected"));
    assertNull(rest.getString("next_cursor"));
    assertEquals(500, rest.getString("items[0].query").length());
    assertEquals(4, list(TestKeys.ADMIN, "agent=" + agent).getList("items").size());

    long id = page.getLong("items[0].id");
    JsonPath detail =
        Api.as(TestKeys.AGENT)
            .get("/v1/injections/" + id)
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertEquals(chat, detail.getString("chat"));
    assertEquals(2, detail.getLong("omitted"));
    assertEquals("slots", detail.getString("sections[0].name"));
    assertEquals("slot:hot_context", detail.getString("sections[0].items[0].ref"));
    assertEquals(300, detail.getString("sections[0].items[0].text").length());
    assertEquals("memory:13", detail.getString("omitted_items[0].ref"));
    assertEquals("timeout", detail.getString("skipped_sources[0].reason"));
    long second = page.getLong("items[1].id");
    JsonPath recalled =
        Api.as(TestKeys.AGENT).get("/v1/injections/" + second).then().extract().jsonPath();
    assertEquals(1, recalled.getInt("sections[0].items[0].signals.semantic.rank"));
    assertEquals(0.031f, recalled.getFloat("sections[0].items[0].score"));

    Api.as(TestKeys.AGENT)
        .get("/v1/injections?chat=" + chat)
        .then()
        .statusCode(400)
        .contentType(startsWith("application/problem+json"));
    Api.as(TestKeys.AGENT)
        .get("/v1/injections?agent=" + agent + "&cursor=x")
        .then()
        .statusCode(400);
    Api.as(TestKeys.AGENT).get("/v1/injections?agent=" + agent + "&limit=0").then().statusCode(400);
  }

  @Test
  void aRecordOverTheSizeCapIsCutAndMarkedTruncated() {
    String agent = Api.unique("bot");
    var big = record("acme", agent, "c", Instant.now(), 1, 3000);
    List<Map<String, Object>> omitted = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      omitted.add(Map.of("ref", "memory:" + (100000 + i), "reason", "budget " + "x".repeat(40)));
    }
    big.put("omitted_items", omitted);
    store(List.of(big));
    long id = list(TestKeys.AGENT, "agent=" + agent).getLong("items[0].id");
    JsonPath detail =
        Api.as(TestKeys.AGENT).get("/v1/injections/" + id).then().extract().jsonPath();

    assertTrue(detail.getBoolean("truncated"));
    int kept = detail.getList("omitted_items").size();
    assertTrue(kept > 0 && kept < 3000, "kept " + kept);
    assertEquals("memory:100000", detail.getString("omitted_items[0].ref"));
    assertEquals(3000, detail.getLong("candidates"));
    assertEquals("memory:12", detail.getString("sections[0].items[0].ref"));
    assertTrue(
        Db.count("select octet_length(body::text)::bigint from injection_records where id = ?1", id)
            <= 65536);
  }

  @Test
  void anotherTenantsRecordIsNotFoundAndOpsKeysAreRefused() {
    String agent = Api.unique("bot");
    store(List.of(record("globex", agent, "c", Instant.now(), 1, 2)));
    long id = list(TestKeys.OTHER_TENANT, "agent=" + agent).getLong("items[0].id");
    assertTrue(list(TestKeys.ADMIN, "agent=" + agent).getList("items").isEmpty());
    Api.as(TestKeys.ADMIN)
        .get("/v1/injections/" + id)
        .then()
        .statusCode(404)
        .contentType(startsWith("application/problem+json"))
        .body("code", equalTo("injection_record_not_found"));
    Api.as(TestKeys.AGENT).delete("/v1/injections/" + id).then().statusCode(404);
    Api.as(TestKeys.ADMIN)
        .delete("/v1/injections?agent=" + agent + "&chat=c")
        .then()
        .statusCode(204);
    Api.as(TestKeys.OPS).get("/v1/injections?agent=" + agent).then().statusCode(403);
    Api.as(TestKeys.OPS).delete("/v1/injections/" + id).then().statusCode(403);
    Api.as(TestKeys.INTERNAL).get("/v1/injections/" + id).then().statusCode(403);
    assertEquals(1, stored(agent));
    Api.as(TestKeys.OTHER_TENANT).delete("/v1/injections/" + id).then().statusCode(204);
    Api.as(TestKeys.OTHER_TENANT).get("/v1/injections/" + id).then().statusCode(404);
    assertEquals(0, stored(agent));
  }

  @Test
  void deletingAChatDeletesItsRecordsOnly() {
    String agent = Api.unique("bot");
    Instant now = Instant.now();
    store(
        List.of(
            record("acme", agent, "gone", now, 1, 1),
            record("acme", agent, "gone", now, 1, 1),
            record("acme", agent, "kept", now, 1, 1),
            record("globex", agent, "gone", now, 1, 1)));
    Api.as(TestKeys.AGENT)
        .delete("/v1/injections?agent=" + agent)
        .then()
        .statusCode(400)
        .contentType(startsWith("application/problem+json"));
    Api.as(TestKeys.AGENT)
        .delete("/v1/injections?agent=" + agent + "&chat=gone")
        .then()
        .statusCode(204);
    assertEquals(List.of("kept"), list(TestKeys.AGENT, "agent=" + agent).getList("items.chat"));
    assertEquals(1, list(TestKeys.OTHER_TENANT, "agent=" + agent).getList("items").size());
  }

  @Test
  void thePassDeletesWhatIsPastRetentionAndEachTenantsOldestBeyondItsLimit() throws Throwable {
    String agent = Api.unique("bot");
    Instant now = Instant.now();
    store(
        List.of(
            record("prune-a", agent, "c", now.minus(Duration.ofDays(15)), 1, 5),
            record("prune-a", agent, "c", now.minus(Duration.ofDays(13)), 2, 5)));
    store(
        List.of(
            record("prune-b", agent, "c", now.minusSeconds(40), 1, 1),
            record("prune-b", agent, "c", now.minusSeconds(30), 2, 5),
            record("prune-b", agent, "c", now.minusSeconds(20), 3, 5),
            record("prune-b", agent, "c", now.minusSeconds(10), 4, 5)));
    // the configured pass: 14 days, 20000 per tenant
    var pruned = VertxContextSupport.subscribeAndAwait(() -> records.prune(now));
    assertTrue(pruned.expired() >= 1);
    assertEquals(
        List.of(2L),
        Db.rows("select selected::bigint, id from injection_records where tenant = 'prune-a'")
            .stream()
            .map(r -> r[0])
            .toList());
    // the same pass at a limit of 2 per tenant keeps prune-b's two newest
    VertxContextSupport.subscribeAndAwait(() -> records.prune(now.minus(Duration.ofDays(14)), 2));
    assertEquals(
        List.of(4L, 3L),
        Db.rows(
                "select selected::bigint, id from injection_records where tenant = 'prune-b' order by"
                    + " id desc")
            .stream()
            .map(r -> r[0])
            .toList());
  }

  @Test
  void statsCountTheLastDaysRecordsAndTheirCoverage() {
    JsonPath before =
        Api.as(TestKeys.ADMIN).get("/v1/stats").then().statusCode(200).extract().jsonPath();
    String agent = Api.unique("bot");
    Instant now = Instant.now();
    store(
        List.of(
            record("acme", agent, "c", now.minusSeconds(5), 3, 10),
            record("acme", agent, "c", now, 4, 6),
            record("acme", agent, "c", now.minus(Duration.ofHours(25)), 9, 9),
            record("globex", agent, "c", now, 9, 9)));
    JsonPath after =
        Api.as(TestKeys.ADMIN).get("/v1/stats").then().statusCode(200).extract().jsonPath();
    assertEquals(
        before.getLong("injections.last_24h.records") + 2,
        after.getLong("injections.last_24h.records"));
    assertEquals(
        before.getLong("injections.last_24h.selected") + 7,
        after.getLong("injections.last_24h.selected"));
    assertEquals(
        before.getLong("injections.last_24h.candidates") + 16,
        after.getLong("injections.last_24h.candidates"));
  }
}
