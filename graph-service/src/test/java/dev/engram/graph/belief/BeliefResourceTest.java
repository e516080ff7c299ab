package dev.engram.graph.belief;

import static dev.engram.graph.support.Near.near;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

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

/** Beliefs over REST: creation, NAL revision, idempotent retries, contradictions. */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class BeliefResourceTest {

  @Inject Driver driver;

  @BeforeEach
  void startEmpty() {
    GraphDump.wipe(driver, "tenant-a", "tenant-b");
  }

  @Test
  void evidenceCreatesThenRevisesTheBelief() {
    evidence("Alice works at Globex", 1.0, 0.9, "e1")
        .statusCode(200)
        .body("strength", near(1.0))
        .body("confidence", near(0.9))
        .body("evidence_count", equalTo(1))
        .body("contradicted", equalTo(false));

    // w = 9 on each side: s = 0.5, c = 18 / 19.
    String id =
        evidence("alice works at globex", 0.0, 0.9, "e2")
            .statusCode(200)
            .body("strength", near(0.5))
            .body("confidence", near(18.0 / 19.0))
            .body("evidence_count", equalTo(2))
            .body("evidence.id", contains("e2", "e1"))
            .body("evidence[0].contradicting", equalTo(true))
            .extract()
            .path("id");

    // A retry of e2 is not counted twice.
    evidence("Alice works at Globex", 0.0, 0.9, "e2")
        .statusCode(200)
        .body("evidence_count", equalTo(2));

    given()
        .header("Authorization", TestKeys.AGENT_A)
        .get("/v1/beliefs/" + id)
        .then()
        .statusCode(200)
        .body("statement", equalTo("Alice works at Globex"));
    given()
        .header("Authorization", TestKeys.AGENT_B)
        .get("/v1/beliefs/" + id)
        .then()
        .statusCode(404)
        .body("code", equalTo("belief_not_found"));
  }

  @Test
  void aStronglyNegativeBeliefIsRecordedAsAContradiction() {
    Ops.apply(
        List.of(
            Ops.memory(
                "tenant-a", 1, "bot1", "c1", "Dana joined Initech.", "2026-01-01T00:00:00Z")));
    evidence("Dana worked at Initech", 0.0, 0.8, null)
        .statusCode(200)
        .body("contradicted", equalTo(true));
    evidence("Dana likes tea", 0.9, 0.8, null).statusCode(200).body("contradicted", equalTo(false));

    given()
        .header("Authorization", TestKeys.AGENT_A)
        .queryParam("entity", "Initech")
        .get("/v1/contradictions")
        .then()
        .statusCode(200)
        .body("beliefs", hasSize(1))
        .body("beliefs[0].statement", equalTo("Dana worked at Initech"));
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .get("/v1/contradictions")
        .then()
        .statusCode(200)
        .body("beliefs.statement", contains("Dana worked at Initech"));
  }

  @Test
  void badEvidenceIsRefused() {
    evidence("x", 1.5, 0.5, null).statusCode(400).body("code", equalTo("validation_failed"));
    Map<String, Object> body =
        new HashMap<>(Map.of("statement", "x", "strength", 1, "confidence", 1));
    body.put("unexpected", true);
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .contentType("application/json")
        .body(body)
        .post("/v1/beliefs/evidence")
        .then()
        .statusCode(400);
  }

  private static ValidatableResponse evidence(
      String statement, double strength, double confidence, String evidenceId) {
    Map<String, Object> body = new HashMap<>();
    body.put("statement", statement);
    body.put("strength", strength);
    body.put("confidence", confidence);
    body.put("evidence_id", evidenceId);
    return given()
        .header("Authorization", TestKeys.AGENT_A)
        .contentType("application/json")
        .body(body)
        .post("/v1/beliefs/evidence")
        .then();
  }
}
