package dev.engram.graph.currentfacts;

import static dev.engram.graph.support.Ops.fact;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.startsWith;

import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.Ops;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/** Current facts for context: both times current, what (tenant, agent, chat) may see, ranking. */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class CurrentFactsResourceTest {

  private static final String A = "tenant-a";
  private static final String B = "tenant-b";
  private static boolean fed;

  @Inject Driver driver;

  @BeforeEach
  void feed() {
    if (fed) {
      return;
    }
    GraphDump.wipe(driver, A, B);
    Ops.apply(
        List.of(
            // lives_in is functional: Porto supersedes Lisbon in this chat
            fact(A, 1, "Alice", "lives_in", "Lisbon")
                .scope("CHAT", "bot1", "c1")
                .validFrom("2020-01-01T00:00:00Z")
                .op(),
            fact(A, 2, "Alice", "lives_in", "Porto")
                .scope("CHAT", "bot1", "c1")
                .validFrom("2024-01-01T00:00:00Z")
                .op(),
            fact(A, 3, "Alice", "member_of", "Chess Club")
                .scope("GLOBAL", null, null)
                .validFrom("2019-01-01T00:00:00Z")
                .set("valid_to", "2021-01-01T00:00:00Z")
                .op(),
            fact(A, 4, "Alice", "travels_to", "Mars")
                .scope("GLOBAL", null, null)
                .validFrom("2999-01-01T00:00:00Z")
                .op(),
            fact(A, 5, "Alice", "knows", "Bob").scope("AGENT", "bot1", null).confidence(0.5).op(),
            fact(A, 6, "Carol", "knows", "Alice").scope("CHAT", "bot1", "c1").confidence(1.0).op(),
            fact(A, 7, "Alice", "likes", "Jazz").scope("CHAT", "bot1", "c2").op(),
            fact(A, 8, "Alice", "likes", "Tea").scope("AGENT", "bot2", null).confidence(1.0).op(),
            fact(A, 9, "Alice", "speaks", "Portuguese")
                .scope("GLOBAL", null, null)
                .confidence(0.7)
                .op(),
            fact(A, 10, "William", "works_at", "Initech").scope("GLOBAL", null, null).op(),
            fact(A, 11, "Bill", "plays", "Golf").scope("GLOBAL", null, null).op(),
            fact(B, 1, "Alice", "lives_in", "Paris").scope("GLOBAL", null, null).op(),
            // Zoe Quist is only mentioned: an entity without any fact
            Ops.memory(A, 100, "bot1", "c1", "Zoe Quist met Alice.", "2026-01-01T00:00:00Z")));
    given()
        .header("Authorization", TestKeys.ADMIN_A)
        .contentType("application/json")
        .body(Map.of("from", "Bill", "into", "William"))
        .post("/v1/merges")
        .then()
        .statusCode(200);
    fed = true;
  }

  @Test
  void onlyFactsCurrentInBothTimesSubjectInPlayFirst() {
    current(A, "bot1", "c1", "Where does alice live now?", null, null)
        .statusCode(200)
        .body("entities.name", contains("Alice"))
        // Lisbon superseded, Chess Club expired, Mars not yet; Carol's fact only has Alice as
        // object, so it comes last despite its confidence
        .body("facts.id", contains(2, 9, 5, 6))
        .body("facts[0].subject.name", equalTo("Alice"))
        .body("facts[0].predicate", equalTo("lives_in"))
        .body("facts[0].object.name", equalTo("Porto"))
        .body("facts[0].valid_from", equalTo("2024-01-01T00:00:00Z"))
        .body("facts[0].valid_to", equalTo(null))
        .body("facts[0].scope", equalTo("CHAT"))
        .body("facts[0].chat", equalTo("c1"))
        .body("facts[3].subject.name", equalTo("Carol"))
        .body("omitted", equalTo(0));
  }

  @Test
  void otherChatsAndAgentsNeverShow() {
    current(A, "bot1", "c2", null, List.of("Alice"), null)
        .statusCode(200)
        .body("facts.id", contains(7, 9, 5));
    current(A, "bot1", null, null, List.of("Alice"), null)
        .statusCode(200)
        .body("facts.id", contains(9, 5));
    current(A, "bot2", "c1", null, List.of("Alice"), null)
        .statusCode(200)
        .body("facts.id", contains(8, 9));
  }

  @Test
  void tenantsStayApart() {
    current(B, "bot1", "c1", "Alice", null, null)
        .statusCode(200)
        .body("facts.object.name", contains("Paris"));
    current(A, "bot1", "c1", "Alice", null, null)
        .statusCode(200)
        .body("facts.object.name", org.hamcrest.Matchers.not(hasItem("Paris")));
  }

  @Test
  void limitCutsAndSaysHowManyMore() {
    current(A, "bot1", "c1", null, List.of("Alice"), 2)
        .statusCode(200)
        .body("facts.id", contains(2, 9))
        .body("omitted", equalTo(2));
  }

  @Test
  void anAliasInTheTextFindsItsEntity() {
    current(A, "bot1", "c1", "Did bill call today?", null, null)
        .statusCode(200)
        .body("entities.name", contains("William"))
        .body("facts.predicate", org.hamcrest.Matchers.containsInAnyOrder("works_at", "plays"));
  }

  /**
   * An entity with no fact puts itself in play and finds nothing, without the facts statement
   * (issue 14); beside one with facts, or as the object of facts, the facts are all there.
   */
  @Test
  void anEntityWithoutFactsIsInPlayAndTheOthersFactsStillCome() {
    current(A, "bot1", "c1", "What does Zoe Quist like?", null, null)
        .statusCode(200)
        .body("entities.name", contains("Zoe Quist"))
        .body("facts", empty())
        .body("omitted", equalTo(0));
    current(A, "bot1", "c1", "Zoe Quist and Alice", null, 3)
        .statusCode(200)
        .body("entities.name", contains("Zoe Quist", "Alice"))
        .body("facts.id", contains(2, 9, 5))
        .body("omitted", equalTo(1));
    current(A, "bot1", "c1", null, List.of("Porto"), null)
        .statusCode(200)
        .body("entities.name", contains("Porto"))
        .body("facts.id", contains(2));
    // Facts it has, none current for this reader: found by the statement, still none.
    current(A, "bot1", "c1", null, List.of("Jazz", "Lisbon", "Mars"), null)
        .statusCode(200)
        .body("entities.name", contains("Jazz", "Lisbon", "Mars"))
        .body("facts", empty())
        .body("omitted", equalTo(0));
  }

  @Test
  void unknownNamesPutNothingInPlay() {
    current(A, "bot1", "c1", "hello there", List.of("Nobody"), null)
        .statusCode(200)
        .body("entities", empty())
        .body("facts", empty())
        .body("omitted", equalTo(0));
  }

  @Test
  void badInputIsA400NamingTheField() {
    Map<String, Object> tooMany = body(A, "bot1", "c1", null, null, null);
    tooMany.put("entities", Collections.nCopies(51, "Alice"));
    Map<String, Object> tooLong = body(A, "bot1", "c1", "a".repeat(8193), null, null);
    Map<String, Object> noAgent = body(A, null, "c1", "Alice", null, null);
    Map<String, Object> badTenant = body("a b", "bot1", "c1", "Alice", null, null);
    Map<String, Object> limit = body(A, "bot1", "c1", "Alice", null, 201);
    Map<String, Object> noBeliefs = body(A, "bot1", "c1", "Alice", null, null);
    noBeliefs.put("beliefs_limit", 0);
    Map<String, Object> tooManyBeliefs = body(A, "bot1", "c1", "Alice", null, null);
    tooManyBeliefs.put("beliefs_limit", 101);
    for (var bad :
        List.of(
            Map.entry("entities", tooMany),
            Map.entry("text", tooLong),
            Map.entry("agent", noAgent),
            Map.entry("tenant", badTenant),
            Map.entry("limit", limit),
            Map.entry("beliefs_limit", noBeliefs),
            Map.entry("beliefs_limit", tooManyBeliefs))) {
      post(TestKeys.INTERNAL, bad.getValue())
          .statusCode(400)
          .contentType(startsWith("application/problem+json"))
          .body("code", equalTo("validation_failed"))
          .body("errors.field", hasItem(bad.getKey()));
    }
  }

  @Test
  void onlyTheInternalKey() {
    post(TestKeys.ADMIN_A, body(A, "bot1", "c1", "Alice", null, null)).statusCode(403);
    post("Bearer nope", body(A, "bot1", "c1", "Alice", null, null)).statusCode(401);
  }

  private static ValidatableResponse current(
      String tenant, String agent, String chat, String text, List<String> entities, Integer limit) {
    return post(TestKeys.INTERNAL, body(tenant, agent, chat, text, entities, limit));
  }

  private static Map<String, Object> body(
      String tenant, String agent, String chat, String text, List<String> entities, Integer limit) {
    Map<String, Object> body = new HashMap<>();
    body.put("tenant", tenant);
    body.put("agent", agent);
    body.put("chat", chat);
    body.put("text", text);
    body.put("entities", entities);
    body.put("limit", limit);
    return body;
  }

  private static ValidatableResponse post(String key, Map<String, Object> body) {
    return given()
        .header("Authorization", key)
        .contentType("application/json")
        .body(body)
        .post("/internal/v1/graph/facts/current")
        .then();
  }
}
