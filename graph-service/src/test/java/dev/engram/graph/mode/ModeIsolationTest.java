package dev.engram.graph.mode;

import static dev.engram.graph.support.Ops.exchange;
import static dev.engram.graph.support.Ops.fact;
import static dev.engram.graph.support.Ops.inMode;
import static dev.engram.graph.support.Ops.memory;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.Ops;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/**
 * Modes (issue 17): every read that reaches an agent through recall, context or MCP shows, for a
 * mode, that mode's items and untagged ones only; without a mode, everything. A memory or exchange
 * has its own mode; a fact or belief the modes of the memories it comes from, untagged sources
 * adding none.
 */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class ModeIsolationTest {

  private static final String A = "tenant-a";
  private static final String AT = "2026-02-01T00:00:00Z";

  @Inject Driver driver;

  @BeforeEach
  void feed() {
    GraphDump.wipe(driver, A, "tenant-b");
    Ops.apply(
        List.of(
            inMode(memory(A, 501, "bot1", "c1", "Alice works at Acme.", AT), "work"),
            inMode(memory(A, 502, "bot1", "c1", "Alice tames dragons in Eldoria.", AT), "roleplay"),
            memory(A, 503, "bot1", "c1", "Alice lives in Lisbon.", AT),
            inMode(exchange(A, 51, "bot1", "c1", "Alice rides her dragon.", AT), "roleplay"),
            inMode(exchange(A, 52, "bot1", "c1", "Alice has a meeting at Acme.", AT), "work"),
            fact(A, 1, "Alice", "works_at", "Acme").scope("CHAT", "bot1", "c1").sources(501L).op(),
            fact(A, 2, "Alice", "tames", "Dragons").scope("CHAT", "bot1", "c1").sources(502L).op(),
            fact(A, 3, "Alice", "lives_in", "Lisbon")
                .scope("CHAT", "bot1", "c1")
                .sources(503L)
                .op(),
            fact(A, 4, "Alice", "knows", "Bob")
                .scope("CHAT", "bot1", "c1")
                .sources(502L, 503L)
                .op(),
            fact(A, 5, "Alice", "likes", "Tea")
                .scope("CHAT", "bot1", "c1")
                .sources(501L, 502L)
                .op(),
            fact(A, 6, "Alice", "owns", "Sword").scope("CHAT", "bot1", "c1").sources(599L).op(),
            evidence("b1", "Alice is brave", 502),
            evidence("b2", "Alice is punctual", 501),
            evidence("b3", "Alice is kind", 503)));
    // The source of fact 6 arrives after it: the fact takes its mode then.
    Ops.apply(
        List.of(inMode(memory(A, 599, "bot1", "c1", "Alice draws her sword.", AT), "roleplay")));
  }

  @Test
  void currentFactsOfAModeAreThatModesAndUntaggedOnes() {
    currentFacts(null).body("facts.id", containsInAnyOrder(1, 2, 3, 4, 5, 6));
    currentFacts("work").body("facts.id", containsInAnyOrder(1, 3, 5));
    currentFacts("roleplay").body("facts.id", containsInAnyOrder(2, 3, 4, 5, 6));
    currentFacts("personal").body("facts.id", containsInAnyOrder(3));
  }

  @Test
  void neighboursOfAModeNeverReachAnotherModesMemoriesOrTurns() {
    neighbours("work").body("items.collect { it.kind + ':' + it.id }", items("work"));
    neighbours("roleplay").body("items.collect { it.kind + ':' + it.id }", items("roleplay"));
    neighbours(null)
        .body(
            "items.collect { it.kind + ':' + it.id }",
            containsInAnyOrder(
                "memory:501",
                "memory:502",
                "memory:503",
                "memory:599",
                "exchange:51",
                "exchange:52"));
  }

  private static org.hamcrest.Matcher<Iterable<?>> items(String mode) {
    return mode.equals("work")
        ? containsInAnyOrder("memory:501", "memory:503", "exchange:52")
        : containsInAnyOrder("memory:502", "memory:503", "memory:599", "exchange:51");
  }

  @Test
  void beliefsTakeTheModesOfTheMemoriesTheirEvidenceNames() {
    beliefs(null)
        .body(
            "beliefs.statement",
            containsInAnyOrder("Alice is brave", "Alice is punctual", "Alice is kind"));
    beliefs("work")
        .body("beliefs.statement", containsInAnyOrder("Alice is punctual", "Alice is kind"));
    beliefs("roleplay")
        .body("beliefs.statement", containsInAnyOrder("Alice is brave", "Alice is kind"));
  }

  @Test
  void theTimelineTheEntityAndFactSearchFilterByMode() {
    agent()
        .queryParam("mode", "work")
        .get("/v1/entities/Alice/timeline")
        .then()
        .statusCode(200)
        .body("facts.id", containsInAnyOrder(1, 3, 5));
    agent()
        .queryParam("mode", "roleplay")
        .get("/v1/entities/Alice")
        .then()
        .statusCode(200)
        .body("facts.id", containsInAnyOrder(2, 3, 4, 5, 6));
    agent()
        .queryParam("subject", "Alice")
        .queryParam("mode", "work")
        .get("/v1/facts")
        .then()
        .statusCode(200)
        .body("facts.id", containsInAnyOrder(1, 3, 5));
    agent()
        .get("/v1/entities/Alice/timeline")
        .then()
        .body("facts.id", containsInAnyOrder(1, 2, 3, 4, 5, 6));
    // An entity known only from another mode is not found in this one.
    agent().queryParam("mode", "work").get("/v1/entities/Dragons").then().statusCode(404);
    agent().queryParam("mode", "Work!").get("/v1/facts").then().statusCode(400);
  }

  @Test
  void aMemoryChangingItsModeMovesItsFactsAlong() {
    Ops.apply(List.of(memory(A, 501, 2, "bot1", "c1", "CHAT", "Alice works at Acme.", AT, 0.9)));
    currentFacts("roleplay").body("facts.id", containsInAnyOrder(1, 2, 3, 4, 5, 6));
    currentFacts("personal").body("facts.id", containsInAnyOrder(1, 3));
  }

  @Test
  void theExportCarriesModesAndABadModeIsRefused() {
    given()
        .header("Authorization", TestKeys.INTERNAL)
        .get("/internal/v1/export")
        .then()
        .statusCode(200)
        .body(containsString("\"mode\":\"roleplay\""))
        .body(containsString("\"modes\":[\"work\",\"roleplay\"]"));
    Map<String, Object> body = request("Work!");
    body.put("query", "Alice");
    internal("/internal/v1/graph/neighbours", body)
        .statusCode(400)
        .body("errors[0].field", equalTo("mode"));
  }

  private static ValidatableResponse currentFacts(String mode) {
    Map<String, Object> body = request(mode);
    body.put("text", "Tell me about Alice");
    return internal("/internal/v1/graph/facts/current", body).statusCode(200);
  }

  private static ValidatableResponse neighbours(String mode) {
    Map<String, Object> body = request(mode);
    body.put("query", "What about Alice?");
    body.put("max_hops", 1);
    return internal("/internal/v1/graph/neighbours", body).statusCode(200);
  }

  private static ValidatableResponse beliefs(String mode) {
    Map<String, Object> body = new HashMap<>();
    body.put("tenant", A);
    body.put("text", "How is Alice?");
    body.put("mode", mode);
    return internal("/internal/v1/graph/beliefs/about", body).statusCode(200);
  }

  private static Map<String, Object> request(String mode) {
    Map<String, Object> body = new HashMap<>();
    body.put("tenant", A);
    body.put("agent", "bot1");
    body.put("chat", "c1");
    body.put("mode", mode);
    return body;
  }

  private static ValidatableResponse internal(String path, Map<String, Object> body) {
    return given()
        .header("Authorization", TestKeys.INTERNAL)
        .contentType("application/json")
        .body(body)
        .post(path)
        .then();
  }

  private static RequestSpecification agent() {
    return given()
        .header("Authorization", TestKeys.AGENT_A)
        .queryParam("agent", "bot1")
        .queryParam("chat", "c1");
  }

  private static Map<String, Object> evidence(String id, String statement, long memory) {
    Map<String, Object> e = new HashMap<>();
    e.put("tenant", A);
    e.put("id", id);
    e.put("statement", statement);
    e.put("strength", 1.0);
    e.put("confidence", 0.9);
    e.put("source", "dedup");
    e.put("memory_ids", List.of(memory));
    e.put("recorded_at", AT);
    return Map.of("op", "belief_evidence", "evidence", e);
  }
}
