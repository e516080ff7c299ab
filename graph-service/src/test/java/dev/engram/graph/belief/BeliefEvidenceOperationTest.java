package dev.engram.graph.belief;

import static dev.engram.graph.support.Near.near;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

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

/**
 * The {@code belief_evidence} graph operation capture-service's outbox sends: it revises beliefs as
 * the public endpoint does, a redelivery revises nothing, and a reset keeps what it built.
 */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class BeliefEvidenceOperationTest {

  private static final String STATEMENT = "Alice lives in Porto";

  @Inject Driver driver;

  @BeforeEach
  void startEmpty() {
    GraphDump.wipe(driver, "tenant-a", "tenant-b");
  }

  @Test
  void evidenceFromTheOutboxCreatesAndRevisesTheBelief() {
    Ops.apply(List.of(evidence("tenant-a", "m42-touch-v3", 1.0, 0.9, "2026-05-08T13:57:00Z")))
        .body("applied", equalTo(1))
        .body("skipped", equalTo(0));
    belief(TestKeys.AGENT_A)
        .statusCode(200)
        .body("strength", near(1.0))
        .body("confidence", near(0.9))
        .body("evidence_count", equalTo(1))
        .body("evidence[0].id", equalTo("m42-touch-v3"))
        .body("evidence[0].source", equalTo("dedup"))
        .body("evidence[0].memory_ids", contains(42))
        .body("evidence[0].recorded_at", equalTo("2026-05-08T13:57:00Z"));

    // The outbox delivers at least once: the same evidence again revises nothing.
    Ops.apply(List.of(evidence("tenant-a", "m42-touch-v3", 1.0, 0.9, "2026-05-08T13:57:00Z")))
        .body("applied", equalTo(1));
    belief(TestKeys.AGENT_A).body("evidence_count", equalTo(1)).body("strength", near(1.0));

    // A correction is negative evidence: w = 9 on each side, s = 0.5, c = 18 / 19 (NAL).
    Ops.apply(List.of(evidence("tenant-a", "m43-correction", 0.0, 0.9, "2026-05-09T10:00:00Z")));
    belief(TestKeys.AGENT_A)
        .body("evidence_count", equalTo(2))
        .body("strength", near(0.5))
        .body("confidence", near(18.0 / 19.0))
        .body("evidence.id", contains("m43-correction", "m42-touch-v3"))
        .body("evidence[0].contradicting", equalTo(true));

    // The other tenant sees nothing.
    belief(TestKeys.AGENT_B).statusCode(404);
  }

  @Test
  void aResetAndReplayOfTheOutboxLeavesBeliefsAsTheyWere() {
    List<Map<String, Object>> history =
        List.of(
            Ops.memory("tenant-a", 42, "bot1", "c1", STATEMENT, "2026-05-08T13:56:00Z"),
            evidence("tenant-a", "m42-touch-v3", 1.0, 0.8, "2026-05-08T13:57:00Z"),
            evidence("tenant-a", "m42-touch-v4", 1.0, 0.8, "2026-05-08T14:00:00Z"));
    Ops.apply(history);
    Number confidence = belief(TestKeys.AGENT_A).extract().path("confidence");

    Ops.apply(List.of(Map.of("op", "reset", "tenant", "tenant-a")));
    Ops.apply(history).body("applied", equalTo(3));
    belief(TestKeys.AGENT_A)
        .body("evidence_count", equalTo(2))
        .body("confidence", near(confidence.doubleValue()));
  }

  @Test
  void badEvidenceIsRefusedNamingTheFieldAndNothingIsApplied() {
    Map<String, Object> noId = evidence("tenant-a", "x", 1.0, 0.9, "2026-05-08T13:57:00Z");
    ((Map<String, Object>) noId.get("evidence")).remove("id");
    Ops.send(
            List.of(
                evidence("tenant-a", "fine", 1.0, 0.9, "2026-05-08T13:57:00Z"),
                evidence("tenant-a", "too-strong", 1.5, 0.9, "2026-05-08T13:57:00Z"),
                noId))
        .statusCode(400)
        .body("code", equalTo("validation_failed"))
        .body("errors.field", hasItem("operations[1].evidence.strength"))
        .body("errors.field", hasItem("operations[2].evidence.id"));
    belief(TestKeys.AGENT_A).statusCode(404);

    given()
        .header("Authorization", TestKeys.ADMIN_A)
        .contentType("application/json")
        .body(
            Map.of("operations", List.of(evidence("tenant-a", "e", 1, 1, "2026-05-08T13:57:00Z"))))
        .post("/internal/v1/graph/operations")
        .then()
        .statusCode(403);
  }

  static Map<String, Object> evidence(
      String tenant, String id, double strength, double confidence, String recordedAt) {
    Map<String, Object> e = new HashMap<>();
    e.put("tenant", tenant);
    e.put("id", id);
    e.put("statement", STATEMENT);
    e.put("strength", strength);
    e.put("confidence", confidence);
    e.put("source", "dedup");
    e.put("memory_ids", List.of(42));
    e.put("recorded_at", recordedAt);
    return Map.of("op", "belief_evidence", "evidence", e);
  }

  private static ValidatableResponse belief(String key) {
    return given()
        .header("Authorization", key)
        .queryParam("statement", STATEMENT)
        .get("/v1/beliefs")
        .then();
  }
}
