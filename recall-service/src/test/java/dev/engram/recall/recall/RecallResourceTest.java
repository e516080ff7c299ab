package dev.engram.recall.recall;

import static dev.engram.recall.IndexFixture.ADMIN_T1_KEY;
import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.AGENT_T2_KEY;
import static dev.engram.recall.IndexFixture.INTERNAL_KEY;
import static dev.engram.recall.IndexFixture.delete;
import static dev.engram.recall.IndexFixture.exchange;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static dev.engram.recall.IndexFixture.with;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Recall end to end: documents go in through the internal API, come out by meaning or word. */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class RecallResourceTest {

  @BeforeEach
  void emptyTenants() {
    index(reset("t1"), reset("t2"));
  }

  @Test
  void findsAMemoryByMeaningWithoutSharedWords() {
    index(
        upsert(memory("t1", 1, null, null, "Alice adores her golden retriever puppy.")),
        upsert(memory("t1", 2, null, null, "The quarterly tax report is due in April.")),
        upsert(memory("t1", 3, null, null, "Bob prefers window seats on long flights.")),
        upsert(memory("t1", 4, null, null, "The server runs Debian with 24 GiB of memory.")));
    recall(AGENT_T1_KEY, body("bot1", "telegram:1", "What kind of pet is owned?"))
        .statusCode(200)
        .body("items[0].id", equalTo(1))
        .body("items[0].kind", equalTo("memory"))
        .body("items[0].signals.semantic.rank", equalTo(1))
        .body("items[0].signals.semantic.score", greaterThan(0.2f))
        .body("items[0].signals.keyword", nullValue())
        .body("items[0].created_at", equalTo("2026-05-08T13:56:00Z"))
        .body("items[0].metadata.dia_id", equalTo("D1:1"))
        .body("items[0].scope", equalTo("GLOBAL"))
        .body("took_ms", notNullValue());
  }

  @Test
  void findsAMemoryByARareKeyword() {
    index(
        upsert(memory("t1", 1, null, null, "Deployment ticket QZX4471 was approved by ops.")),
        upsert(memory("t1", 2, null, null, "Deployment tickets need approval from ops.")),
        upsert(memory("t1", 3, null, null, "The staging deployment failed on Tuesday.")));
    recall(AGENT_T1_KEY, body("bot1", null, "QZX4471"))
        .statusCode(200)
        .body("items[0].id", equalTo(1))
        .body("items[0].signals.keyword.rank", equalTo(1))
        .body("items[0].signals.keyword.score", greaterThan(0f))
        .body("items.findAll { it.signals.keyword != null }.size()", equalTo(1));
  }

  @Test
  void deletedResetAndStaleDocumentsAreNotRecalled() {
    index(
        upsert(memory("t1", 1, null, null, "The office plant is a ficus.")),
        upsert(memory("t1", 2, null, null, "The office coffee machine is broken.")));
    index(delete("t1", "memory", 1, 1));
    assertEquals(List.of(2), ids(AGENT_T1_KEY, body("bot1", null, "office ficus coffee")));

    index(
        upsert(
            with(memory("t1", 2, null, null, "The coffee machine was repaired."), "version", 3)));
    index(upsert(with(memory("t1", 2, null, null, "The coffee machine is broken."), "version", 2)))
        .body("skipped", equalTo(1));
    recall(AGENT_T1_KEY, body("bot1", null, "coffee machine"))
        .body("items[0].text", equalTo("The coffee machine was repaired."));

    index(reset("t1"));
    assertEquals(List.of(), ids(AGENT_T1_KEY, body("bot1", null, "coffee machine")));
  }

  @Test
  void scopesDecideWhatAnAgentSees() {
    index(
        upsert(memory("t1", 1, null, null, "Project falcon: global note")),
        upsert(memory("t1", 2, "bot1", null, "Project falcon: note of bot1")),
        upsert(memory("t1", 3, "bot2", null, "Project falcon: note of bot2")),
        upsert(memory("t1", 4, "bot1", "chat-a", "Project falcon: bot1 in chat a")),
        upsert(memory("t1", 5, "bot1", "chat-b", "Project falcon: bot1 in chat b")),
        upsert(exchange("t1", 6, "bot1", "chat-a", "Project falcon: said in chat a")),
        upsert(exchange("t1", 7, "bot1", "chat-b", "Project falcon: said in chat b")));
    assertEquals(
        List.of(1, 2, 4, 6), sorted(ids(AGENT_T1_KEY, body("bot1", "chat-a", "project falcon"))));
    assertEquals(
        List.of(1, 3), sorted(ids(AGENT_T1_KEY, body("bot2", "chat-a", "project falcon"))));
    assertEquals(List.of(1, 2), sorted(ids(AGENT_T1_KEY, body("bot1", null, "project falcon"))));
    Map<String, Object> exchangesOnly = body("bot1", "chat-b", "project falcon");
    exchangesOnly.put("kinds", List.of("exchange"));
    assertEquals(List.of(7), ids(AGENT_T1_KEY, exchangesOnly));
    assertEquals(
        List.of(1, 2, 4, 6), sorted(ids(ADMIN_T1_KEY, body("bot1", "chat-a", "project falcon"))));
  }

  @Test
  void aTenantNeverSeesAnotherTenantsMemories() {
    index(
        upsert(memory("t1", 1, null, null, "The launch code word is pineapple.")),
        upsert(memory("t2", 2, null, null, "The launch code word is mango.")));
    assertEquals(List.of(2), ids(AGENT_T2_KEY, body("bot1", "chat-a", "launch code word")));
    assertEquals(List.of(1), ids(AGENT_T1_KEY, body("bot1", "chat-a", "launch code word")));
  }

  @Test
  void archivedSupersededAndExpiredMemoriesAreNotRecalled() {
    index(
        upsert(memory("t1", 1, null, null, "Garden fact: tomatoes need sun.")),
        upsert(with(memory("t1", 2, null, null, "Garden fact: archived."), "status", "ARCHIVED")),
        upsert(
            with(memory("t1", 3, null, null, "Garden fact: superseded."), "status", "SUPERSEDED")),
        upsert(
            with(
                memory("t1", 4, null, null, "Garden fact: expired."),
                "expires_at",
                "2020-01-01T00:00:00Z")),
        upsert(
            with(
                memory("t1", 5, null, null, "Garden fact: expires later."),
                "expires_at",
                "2999-01-01T00:00:00Z")));
    assertEquals(List.of(1, 5), sorted(ids(AGENT_T1_KEY, body("bot1", null, "garden fact"))));
  }

  @Test
  void onlyAgentAndAdminKeysMayRecall() {
    Map<String, Object> body = body("bot1", null, "anything");
    recall(null, body).statusCode(401).contentType("application/problem+json");
    recall("no-such-key", body).statusCode(401).body("code", equalTo("unauthenticated"));
    recall(INTERNAL_KEY, body).statusCode(403).body("code", equalTo("forbidden"));
  }

  @Test
  void badRequestsNameTheField() {
    expect400(without(body("bot1", null, "q"), "query"), "query");
    expect400(with(body("bot1", null, "q"), "k", 0), "k");
    expect400(with(body("bot1", null, "q"), "k", 101), "k");
    expect400(without(body("bot1", null, "q"), "agent"), "agent");
    expect400(with(body("bot1", null, "q"), "kinds", List.of()), "kinds");
    expect400(with(body("bot1", null, "q"), "kinds", List.of("note")), "kinds[0]");
    expect400(with(body("bot1", null, "q"), "tenant", "t2"), "tenant");
    given()
        .header("Authorization", "Bearer " + AGENT_T1_KEY)
        .contentType(ContentType.JSON)
        .body("{\"agent\": \"bot1\", \"query\": ")
        .when()
        .post("/v1/recall")
        .then()
        .statusCode(400)
        .contentType("application/problem+json")
        .body("code", equalTo("malformed_body"));
  }

  @Test
  void kDefaultsToTenAndLimitsTheItems() {
    for (int i = 1; i <= 12; i++) {
      index(upsert(memory("t1", i, null, null, "Numbered note " + i + " about bicycles.")));
    }
    assertEquals(10, ids(AGENT_T1_KEY, body("bot1", null, "bicycles")).size());
    assertEquals(3, ids(AGENT_T1_KEY, with(body("bot1", null, "bicycles"), "k", 3)).size());
  }

  @Test
  void itemsCarryProvenanceStatusAndEverySignalsRankAndScore() {
    index(
        upsert(
            with(
                memory("t1", 1, null, null, "Alice moved to Porto in spring."),
                "source",
                "reflector",
                "source_exchange_ids",
                List.of(7, 8))));
    recall(AGENT_T1_KEY, body("bot1", null, "Where did Alice move?"))
        .statusCode(200)
        .body("items[0].source", equalTo("reflector"))
        .body("items[0].source_exchange_ids", equalTo(List.of(7, 8)))
        .body("items[0].status", equalTo("ACTIVE"))
        .body("items[0].signals.semantic.rank", equalTo(1))
        .body("items[0].signals.keyword.rank", equalTo(1))
        .body("items[0].signals.entity.score", equalTo(1.0f))
        .body("items[0].signals.recency.rank", equalTo(1))
        .body("items[0].score", greaterThan(0f))
        .body("skipped_signals", equalTo(List.of()))
        .body("semantic_floor", notNullValue());
  }

  @Test
  void byDefaultRecallNeverAsksTheGraph() {
    index(upsert(memory("t1", 1, null, null, "Alice adores her golden retriever.")));
    var graph = RecallTestResources.graph();
    graph.reset();
    graph.status(503);
    recall(AGENT_T1_KEY, body("bot1", "telegram:1", "What does Alice own?"))
        .statusCode(200)
        .body("items[0].id", equalTo(1))
        .body("items[0].signals.graph", nullValue())
        .body("skipped_signals", equalTo(List.of()));
    assertEquals(List.of(), graph.received(), "weights.graph is 0 by default: no graph call");
    graph.reset();
  }

  @Test
  void everyFilterNarrowsTheItems() {
    index(
        upsert(
            with(
                memory("t1", 1, null, null, "Garden: Alice's profile."),
                "category",
                "PROFILE",
                "confidence",
                0.95)),
        upsert(
            with(
                memory("t1", 2, null, null, "Garden: an event."),
                "category",
                "EVENT",
                "confidence",
                0.4,
                "created_at",
                "2026-03-01T00:00:00Z")),
        upsert(
            with(
                memory("t1", 3, null, null, "Garden: archived."),
                "status",
                "ARCHIVED",
                "archived_at",
                "2026-05-01T00:00:00Z")),
        upsert(with(exchange("t1", 4, "bot1", "chat-a", "Garden talk."), "speaker", "bob")),
        upsert(exchange("t1", 5, "bot1", "chat-a", "Garden chat by alice.")));
    var all = body("bot1", "chat-a", "garden");
    assertEquals(List.of(1, 2, 4, 5), sorted(ids(AGENT_T1_KEY, all)));
    assertEquals(
        List.of(1), sorted(ids(AGENT_T1_KEY, with(all, "categories", List.of("profile")))));
    assertEquals(List.of(1), sorted(ids(AGENT_T1_KEY, with(all, "min_confidence", 0.9))));
    assertEquals(
        List.of(1, 2, 3, 4, 5), sorted(ids(AGENT_T1_KEY, with(all, "include_archived", true))));
    assertEquals(
        List.of(2),
        sorted(
            ids(
                AGENT_T1_KEY,
                with(
                    all,
                    "time_range",
                    Map.of("from", "2026-02-01T00:00:00Z", "to", "2026-04-01T00:00:00Z")))));
    assertEquals(List.of(4), sorted(ids(AGENT_T1_KEY, with(all, "speakers", List.of("bob")))));
    assertEquals(List.of(4, 5), sorted(ids(AGENT_T1_KEY, with(all, "kinds", List.of("exchange")))));
    expect400(with(all, "min_confidence", 1.5), "min_confidence");
    expect400(
        with(
            all,
            "time_range",
            Map.of("from", "2026-04-01T00:00:00Z", "to", "2026-02-01T00:00:00Z")),
        "time_range");
  }

  @Test
  void asOfShowsMemoryAsItWas() {
    index(
        upsert(
            with(
                memory("t1", 1, null, null, "Project lead: Mallory (archived later)."),
                "created_at",
                "2026-01-01T00:00:00Z",
                "status",
                "ARCHIVED",
                "archived_at",
                "2026-04-01T00:00:00Z")),
        upsert(
            with(
                memory("t1", 2, null, null, "Project lead: Trent (superseded later)."),
                "created_at",
                "2026-01-01T00:00:00Z",
                "status",
                "SUPERSEDED",
                "superseded_at",
                "2026-04-01T00:00:00Z")),
        upsert(
            with(
                memory("t1", 3, null, null, "Project lead: Peggy (current)."),
                "created_at",
                "2026-04-01T00:00:00Z")),
        upsert(
            with(
                memory("t1", 4, null, null, "Project lead: Victor (expired)."),
                "created_at",
                "2026-01-01T00:00:00Z",
                "expires_at",
                "2026-03-01T00:00:00Z")));
    var now = body("bot1", null, "project lead");
    assertEquals(List.of(3), sorted(ids(AGENT_T1_KEY, now)));
    assertEquals(
        List.of(1, 2),
        sorted(ids(AGENT_T1_KEY, with(now, "as_of", "2026-02-01T00:00:00Z"))),
        "expired items never come back, not even as of a time before they expired");
  }

  // ---- helpers

  private static Map<String, Object> body(String agent, String chat, String query) {
    Map<String, Object> body = new HashMap<>();
    body.put("agent", agent);
    if (chat != null) {
      body.put("chat", chat);
    }
    body.put("query", query);
    return body;
  }

  private static Map<String, Object> without(Map<String, Object> body, String field) {
    Map<String, Object> copy = new HashMap<>(body);
    copy.remove(field);
    return copy;
  }

  private static ValidatableResponse recall(String key, Object body) {
    var request = given().contentType(ContentType.JSON).body(body);
    if (key != null) {
      request.header("Authorization", "Bearer " + key);
    }
    return request.when().post("/v1/recall").then();
  }

  private static List<Integer> ids(String key, Object body) {
    return recall(key, body)
        .statusCode(200)
        .extract()
        .jsonPath()
        .getList("items.id", Integer.class);
  }

  private static List<Integer> sorted(List<Integer> ids) {
    return ids.stream().sorted().toList();
  }

  private static void expect400(Object body, String field) {
    recall(AGENT_T1_KEY, body)
        .statusCode(400)
        .contentType("application/problem+json")
        .body("errors.field", hasItem(field));
  }
}
