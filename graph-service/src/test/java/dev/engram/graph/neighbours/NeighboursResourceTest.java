package dev.engram.graph.neighbours;

import static dev.engram.graph.support.Near.near;
import static dev.engram.graph.support.Ops.exchange;
import static dev.engram.graph.support.Ops.fact;
import static dev.engram.graph.support.Ops.memory;
import static dev.engram.graph.support.Ops.relation;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.Ops;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/** Neighbours for recall: what each (tenant, agent, chat) may see, hops and scores. */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class NeighboursResourceTest {

  private static final String A = "tenant-a";
  private static boolean fed;

  @Inject Driver driver;

  @BeforeEach
  void feed() {
    if (fed) {
      return;
    }
    GraphDump.wipe(driver, A, "tenant-b");
    Ops.apply(
        List.of(
            memory(A, 301, "bot1", "c1", "Alice met Bob in Porto.", "2026-01-10T00:00:00Z"),
            memory(
                A,
                302,
                1,
                "bot1",
                null,
                "AGENT",
                "Bob works at Initech.",
                "2026-01-11T00:00:00Z",
                0.8),
            memory(
                A,
                303,
                1,
                null,
                null,
                "GLOBAL",
                "Porto is in Portugal.",
                "2026-01-12T00:00:00Z",
                1.0),
            memory(A, 304, "bot1", "c2", "Alice likes Porto wine.", "2026-01-13T00:00:00Z"),
            memory(A, 305, "bot2", "c1", "Alice is a friend of bot2.", "2026-01-14T00:00:00Z"),
            archived(memory(A, 306, "bot1", "c1", "Alice's old address.", "2026-01-15T00:00:00Z")),
            exchange(A, 31, "bot1", "c1", "Hi, Alice here.", "2026-01-09T00:00:00Z"),
            fact(A, 1, "Alice", "knows", "Bob")
                .scope("CHAT", "bot1", "c1")
                .confidence(0.8)
                .sources(301L)
                .op(),
            relation(A, 1, 301, 303, "SUPPORTS", 0.5)));
    Ops.apply(
        List.of(
            memory("tenant-b", 301, "bot1", "c1", "Alice of tenant b.", "2026-01-10T00:00:00Z")));
    fed = true;
  }

  @Test
  void oneHopFindsWhatTheAgentMaySeeInItsChat() {
    neighbours("bot1", "c1", "what do you know about alice?", 1, null)
        .statusCode(200)
        .body("entities.name", contains("Alice"))
        .body("items.kind", containsInAnyOrder("memory", "exchange"))
        .body("items.findAll { it.kind == 'memory' }.id", contains(301))
        .body("items.findAll { it.kind == 'exchange' }.id", contains(31))
        .body("items.find { it.kind == 'memory' }.score", near(0.9))
        .body("items.find { it.kind == 'memory' }.hops", equalTo(1));
  }

  @Test
  void twoHopsFollowFactsAndRelationsWithDecay() {
    neighbours("bot1", "c1", "Where is Alice?", 2, null)
        .statusCode(200)
        .body("items.findAll { it.kind == 'memory' }.id", contains(301, 302, 303))
        // 302 via the fact Alice knows Bob (0.8) and its own confidence (0.8), one hop further.
        .body("items.find { it.id == 302 }.hops", equalTo(2))
        .body("items.find { it.id == 302 }.score", near(0.8 * 0.8 * 0.5))
        .body("items.find { it.id == 302 }.via", contains("Alice"))
        // 303 is related to 301 (SUPPORTS, weight 0.5).
        .body("items.find { it.id == 303 }.score", near(0.9 * 0.5 * 1.0 * 0.5));
  }

  @Test
  void otherAgentsChatsAndTenantsStayApart() {
    neighbours("bot2", "c1", "Alice", 2, null).statusCode(200).body("items.id", contains(305));
    neighbours("bot1", "c2", "Alice", 1, null).statusCode(200).body("items.id", contains(304));
    neighbours("bot1", null, "Alice", 1, null).statusCode(200).body("items", empty());
    given()
        .header("Authorization", TestKeys.INTERNAL)
        .contentType("application/json")
        .body(Map.of("tenant", "tenant-b", "agent", "bot1", "chat", "c1", "query", "Alice"))
        .post("/internal/v1/graph/neighbours")
        .then()
        .statusCode(200)
        .body("items.id", contains(301))
        .body("entities[0].id", equalTo(neighbourId("Alice")));
  }

  @Test
  void givenMemoriesLeadToTheirRelationsAndEntities() {
    neighbours("bot1", "c1", null, 2, List.of(301L))
        .statusCode(200)
        .body("items.find { it.id == 303 }.hops", equalTo(1))
        .body("items.find { it.id == 303 }.score", near(0.5))
        .body("items.find { it.kind == 'exchange' }.hops", equalTo(2))
        .body("items.id", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasItem(301)));
  }

  @Test
  void asOfHidesWhatCameLater() {
    Map<String, Object> body = body("bot1", "c1", "Alice", 1, null);
    body.put("as_of", "2026-01-09T12:00:00Z");
    post(body).statusCode(200).body("items.kind", contains("exchange"));
  }

  @Test
  void badRequestsAreRefused() {
    Map<String, Object> noAgent = body("bot1", "c1", "Alice", 1, null);
    noAgent.remove("agent");
    post(noAgent).statusCode(400).body("code", equalTo("validation_failed"));
    post(body("bot1", "c1", "Alice", 4, null)).statusCode(400);
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .contentType("application/json")
        .body(body("bot1", "c1", "Alice", 1, null))
        .post("/internal/v1/graph/neighbours")
        .then()
        .statusCode(403);
  }

  private static Map<String, Object> archived(Map<String, Object> op) {
    @SuppressWarnings("unchecked")
    Map<String, Object> m = new HashMap<>((Map<String, Object>) op.get("memory"));
    m.put("status", "ARCHIVED");
    return Map.of("op", "upsert_memory", "memory", m);
  }

  private static ValidatableResponse neighbours(
      String agent, String chat, String query, int hops, List<Long> memories) {
    return post(body(agent, chat, query, hops, memories));
  }

  private static Map<String, Object> body(
      String agent, String chat, String query, int hops, List<Long> memories) {
    Map<String, Object> body = new HashMap<>();
    body.put("tenant", A);
    body.put("agent", agent);
    body.put("chat", chat);
    body.put("query", query);
    body.put("memory_ids", memories == null ? List.of() : memories);
    body.put("max_hops", hops);
    body.put("limit", 50);
    body.put("as_of", null);
    return body;
  }

  private static ValidatableResponse post(Map<String, Object> body) {
    return given()
        .header("Authorization", TestKeys.INTERNAL)
        .contentType("application/json")
        .body(body)
        .post("/internal/v1/graph/neighbours")
        .then();
  }

  private static String neighbourId(String name) {
    return dev.engram.graph.text.Names.entityId(dev.engram.graph.text.Names.normalize(name));
  }
}
