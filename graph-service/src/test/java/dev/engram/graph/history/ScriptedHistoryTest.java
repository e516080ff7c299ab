package dev.engram.graph.history;

import static dev.engram.graph.support.Ops.fact;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.History;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.Ops;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/**
 * The scripted history (see {@link History}) fed through the internal operations API exactly as
 * capture-service's outbox would, then questioned through the public REST API.
 */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class ScriptedHistoryTest {

  private static final String T = "tenant-a";

  /** Fed once for the class: no test here changes what another one reads. */
  private static boolean fed;

  @Inject Driver driver;

  @BeforeEach
  void feedTheHistory() {
    if (fed) {
      return;
    }
    GraphDump.wipe(driver, T, "tenant-b");
    for (List<Map<String, Object>> batch : History.batches(T)) {
      Ops.apply(batch);
    }
    fed = true;
  }

  private static RequestSpecification asAgent() {
    return given()
        .header("Authorization", TestKeys.AGENT_A)
        .queryParam("agent", History.AGENT)
        .queryParam("chat", History.CHAT);
  }

  @Test
  void whereDidAliceLiveIn2023() {
    asAgent()
        .queryParam("as_of", "2023-07-01T00:00:00Z")
        .queryParam("predicate", "lives_in")
        .when()
        .get("/v1/entities/Alice")
        .then()
        .statusCode(200)
        .body("entity.name", equalTo("Alice"))
        .body("entity.type", equalTo("person"))
        .body("as_of", equalTo("2023-07-01T00:00:00Z"))
        .body("facts.object.name", contains("Berlin"));

    // The whole year: she lived in Lisbon until February, then in Berlin.
    asAgent()
        .queryParam("subject", "alice")
        .queryParam("predicate", "lives_in")
        .queryParam("from", "2023-01-01T00:00:00Z")
        .queryParam("to", "2024-01-01T00:00:00Z")
        .when()
        .get("/v1/facts")
        .then()
        .statusCode(200)
        .body("facts.object.name", contains("Lisbon", "Berlin"));
  }

  @Test
  void whatSheKnowsNowIsTheCurrentValueOfEachFunctionalPredicate() {
    asAgent()
        .when()
        .get("/v1/entities/Alice")
        .then()
        .statusCode(200)
        .body("facts.predicate", contains("likes", "lives_in", "works_at"))
        .body("facts.object.name", contains("sushi", "Porto", "Globex"))
        .body("facts.current", contains(true, true, true));
  }

  @Test
  void whatChangedAboutAlice() {
    asAgent()
        .when()
        .get("/v1/entities/Alice/timeline")
        .then()
        .statusCode(200)
        .body(
            "facts.object.name",
            contains("Lisbon", "Acme Corp", "sushi", "Berlin", "Globex", "Porto"))
        .body(
            "facts.valid_from",
            contains(
                "2021-03-01T00:00:00Z",
                "2021-04-01T00:00:00Z",
                "2022-05-01T00:00:00Z",
                "2023-02-01T00:00:00Z",
                "2024-06-01T00:00:00Z",
                "2025-09-01T00:00:00Z"))
        .body(
            "facts.valid_to",
            contains(
                "2023-02-01T00:00:00Z",
                "2024-06-01T00:00:00Z",
                null,
                "2025-09-01T00:00:00Z",
                null,
                null))
        .body(
            "facts.invalidated_at",
            contains(
                "2023-02-05T10:00:00Z",
                "2024-06-03T08:00:00Z",
                null,
                "2025-09-12T18:00:00Z",
                null,
                null))
        .body("facts.current", contains(false, false, true, false, true, true));
  }

  @Test
  void whatContradictsHerMoveToGlobex() {
    asAgent()
        .queryParam("memory_id", 103)
        .when()
        .get("/v1/contradictions")
        .then()
        .statusCode(200)
        .body("relations", hasSize(1))
        .body("relations[0].from.id", equalTo(105))
        .body("relations[0].from.text", containsString("never joined Globex"))
        .body("relations[0].to.id", equalTo(103))
        .body("relations[0].weight", equalTo(0.7f));

    // By entity: contradictions between memories that name Globex.
    asAgent()
        .queryParam("entity", "Globex")
        .when()
        .get("/v1/contradictions")
        .then()
        .statusCode(200)
        .body("relations.from.id", contains(105));
  }

  @Test
  void theGraphDerivesTheSameHistoryWhenOnlyNewValuesArriveInAnyOrder() {
    // Another chat: capture's invalidation updates are not sent, and the facts come shuffled.
    String chat = "telegram:2";
    Ops.apply(
        List.of(
            fact(T, 25, "Alice", "lives_in", "Porto")
                .scope("CHAT", History.AGENT, chat)
                .validFrom("2025-09-01T00:00:00Z")
                .recordedAt("2025-09-12T18:00:00Z")
                .op(),
            fact(T, 21, "Alice", "lives_in", "Lisbon")
                .scope("CHAT", History.AGENT, chat)
                .validFrom("2021-03-01T00:00:00Z")
                .recordedAt("2021-03-10T09:00:00Z")
                .op()));
    Ops.apply(
        List.of(
            fact(T, 23, "alice", "lives_in", "berlin")
                .scope("CHAT", History.AGENT, chat)
                .validFrom("2023-02-01T00:00:00Z")
                .recordedAt("2023-02-05T10:00:00Z")
                .op()));

    given()
        .header("Authorization", TestKeys.AGENT_A)
        .queryParam("agent", History.AGENT)
        .queryParam("chat", chat)
        .when()
        .get("/v1/entities/Alice/timeline")
        .then()
        .statusCode(200)
        .body("facts.id", contains(21, 23, 25))
        .body("facts.valid_to", contains("2023-02-01T00:00:00Z", "2025-09-01T00:00:00Z", null))
        .body(
            "facts.invalidated_at", contains("2023-02-05T10:00:00Z", "2025-09-12T18:00:00Z", null))
        .body("facts.invalidated_by", contains(23, 25, null));
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .queryParam("agent", History.AGENT)
        .queryParam("chat", chat)
        .queryParam("as_of", "2024-01-01T00:00:00Z")
        .when()
        .get("/v1/entities/Alice")
        .then()
        .statusCode(200)
        .body("facts.object.name", contains("Berlin"));
  }

  @Test
  void anotherAgentOrTenantSeesNothingOfIt() {
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .queryParam("agent", "bot2")
        .when()
        .get("/v1/entities/Alice")
        .then()
        .statusCode(404)
        .body("code", equalTo("entity_not_found"));
    given()
        .header("Authorization", TestKeys.AGENT_B)
        .when()
        .get("/v1/entities/Alice")
        .then()
        .statusCode(404);
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .queryParam("agent", "bot2")
        .queryParam("memory_id", 103)
        .when()
        .get("/v1/contradictions")
        .then()
        .statusCode(200)
        .body("relations", hasSize(0));
  }

  @Test
  void neighboursForRecallFindAliceInTheQuestion() {
    given()
        .header("Authorization", TestKeys.INTERNAL)
        .contentType("application/json")
        .body(
            Map.of(
                "tenant",
                T,
                "agent",
                History.AGENT,
                "chat",
                History.CHAT,
                "query",
                "Where did Alice live in 2023?",
                "memory_ids",
                List.of(),
                "max_hops",
                1,
                "limit",
                50))
        .when()
        .post("/internal/v1/graph/neighbours")
        .then()
        .statusCode(200)
        .body("entities.name", contains("Alice"))
        .body(
            "items.findAll { it.kind == 'memory' }.id",
            containsInAnyOrder(101, 102, 103, 104, 105, 106))
        .body("items.findAll { it.kind == 'exchange' }.id", contains(7))
        .body("items.hops.unique()", contains(1))
        .body("items[0].via", contains("Alice"))
        .body("entities[0].id", equalTo(entityId("Alice")))
        .body("took_ms", org.hamcrest.Matchers.notNullValue());
  }

  @Test
  void entitiesCarryTheirNamesAndCounts() {
    asAgent()
        .when()
        .get("/v1/entities/Globex")
        .then()
        .statusCode(200)
        .body("entity.type", equalTo("organization"))
        .body("entity.first_seen", equalTo("2024-06-03T08:00:00Z"))
        .body("entity.aliases", hasSize(0))
        // memories 103 and 105 name it; fact 4 is about it.
        .body("entity.mention_count", equalTo(3))
        .body("entity.centrality", nullValue());
  }

  @Test
  void traversalWalksFactsMentionsAndRelationsBreadthFirst() {
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .contentType("application/json")
        .body(
            Map.of(
                "agent",
                History.AGENT,
                "chat",
                History.CHAT,
                "entities",
                List.of("Alice"),
                "max_depth",
                1,
                "predicates",
                List.of("lives_in")))
        .when()
        .post("/v1/traverse")
        .then()
        .statusCode(200)
        .body("nodes[0].id", equalTo(entityId("Alice")))
        .body("nodes[0].depth", equalTo(0))
        .body("nodes.findAll { it.kind == 'entity' && it.depth == 1 }.label", contains("Porto"))
        .body("nodes.find { it.label == 'Porto' }.edge", equalTo("lives_in"))
        .body("nodes.find { it.label == 'Porto' }.score", dev.engram.graph.support.Near.near(0.63))
        .body(
            "nodes.findAll { it.kind == 'memory' }.id",
            containsInAnyOrder("101", "102", "103", "104", "105", "106"));

    // From the contradicting memory, following CONTRADICTS only.
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .contentType("application/json")
        .body(
            Map.of(
                "agent",
                History.AGENT,
                "chat",
                History.CHAT,
                "memory_ids",
                List.of(105),
                "max_depth",
                1,
                "relations",
                List.of("contradicts")))
        .when()
        .post("/v1/traverse")
        .then()
        .statusCode(200)
        .body("nodes.findAll { it.kind == 'memory' }.id", contains("105", "103"))
        .body("nodes.find { it.id == '103' }.edge", equalTo("CONTRADICTS"))
        .body(
            "nodes.findAll { it.kind == 'entity' }.label",
            containsInAnyOrder("Alice", "Acme Corp", "Globex"));
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .contentType("application/json")
        .body(Map.of("memory_ids", List.of(105), "max_depth", 1, "relations", List.of("SUPPORTS")))
        .when()
        .post("/v1/traverse")
        .then()
        .statusCode(200)
        .body("nodes.findAll { it.kind == 'memory' }.id", contains("105"));
  }

  private static String entityId(String name) {
    return dev.engram.graph.text.Names.entityId(dev.engram.graph.text.Names.normalize(name));
  }
}
