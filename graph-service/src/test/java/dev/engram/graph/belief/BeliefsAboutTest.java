package dev.engram.graph.belief;

import static dev.engram.graph.support.Near.near;
import static io.restassured.RestAssured.given;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/**
 * Context's question: the beliefs about the entities in play, with their contradicting evidence.
 */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class BeliefsAboutTest {

  @Inject Driver driver;

  @BeforeEach
  void seed() {
    GraphDump.wipe(driver, "tenant-a", "tenant-b");
    Ops.apply(
        List.of(
            BeliefEvidenceOperationTest.evidence(
                "tenant-a", "e1", 1.0, 0.9, "2026-05-08T13:57:00Z"),
            BeliefEvidenceOperationTest.evidence(
                "tenant-a", "e2", 0.0, 0.9, "2026-05-08T13:58:00Z")));
  }

  @Test
  void theBeliefsNamingAnEntityInTheTextComeWithTheirContradictions() {
    about("tenant-a", "Where does Alice live now?", List.of())
        .statusCode(200)
        .body("beliefs.statement", contains("Alice lives in Porto"))
        .body("beliefs[0].strength", near(0.5))
        .body("beliefs[0].evidence_count", equalTo(2))
        .body("beliefs[0].contradicting_evidence", equalTo(1))
        .body("beliefs[0].contradicted", equalTo(false));
    about("tenant-a", null, List.of("Porto")).body("beliefs", org.hamcrest.Matchers.hasSize(1));
    about("tenant-a", "What about Bob?", List.of()).body("beliefs", empty());
    about("tenant-b", "Where does Alice live now?", List.of()).body("beliefs", empty());
  }

  @Test
  void aBeliefIsFoundThroughTheKeyLoopsOfItsNames() {
    assertThat(
        GraphDump.run(
                driver,
                "MATCH (b:Belief {tenant: 'tenant-a'})-[k:BELIEF_KEY]->(b)"
                    + " RETURN k.key AS key ORDER BY key",
                Map.of())
            .stream()
            .map(r -> r.get("key").asString())
            .toList(),
        contains("alice", "porto"));

    // Without its loops (a belief written before V004, before the backfill) it is not found: the
    // lookup seeks the loops instead of reading every belief.
    GraphDump.run(
        driver, "MATCH (b:Belief {tenant: 'tenant-a'})-[k:BELIEF_KEY]->(b) DELETE k", Map.of());
    about("tenant-a", "Where does Alice live now?", List.of()).body("beliefs", empty());

    // Its next evidence gives them back.
    Ops.apply(
        List.of(
            BeliefEvidenceOperationTest.evidence(
                "tenant-a", "e3", 1.0, 0.9, "2026-05-08T13:59:00Z")));
    about("tenant-a", "Where does Alice live now?", List.of())
        .body("beliefs.statement", contains("Alice lives in Porto"))
        .body("beliefs[0].evidence_count", equalTo(3));
  }

  @Test
  void onlyOtherServicesMayAskAndBadRequestsAre400s() {
    given()
        .header("Authorization", TestKeys.ADMIN_A)
        .contentType("application/json")
        .body(Map.of("tenant", "tenant-a", "text", "Alice"))
        .post("/internal/v1/graph/beliefs/about")
        .then()
        .statusCode(403);
    about("tenant a", "Alice", List.of()).statusCode(400);
  }

  private static ValidatableResponse about(String tenant, String text, List<String> entities) {
    Map<String, Object> body = new java.util.HashMap<>();
    body.put("tenant", tenant);
    body.put("text", text);
    body.put("entities", entities);
    body.put("limit", 10);
    return given()
        .header("Authorization", TestKeys.INTERNAL)
        .contentType("application/json")
        .body(body)
        .post("/internal/v1/graph/beliefs/about")
        .then();
  }
}
