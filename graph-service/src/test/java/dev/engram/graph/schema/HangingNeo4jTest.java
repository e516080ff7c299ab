package dev.engram.graph.schema;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.engram.graph.support.HangingNeo4j;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** A Neo4j that accepts connections but never answers: 503s and not-ready, never a 500. */
@QuarkusTest
@WithTestResource(HangingNeo4j.class)
class HangingNeo4jTest {

  @Test
  void statsAnswer503() {
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .when()
        .get("/v1/stats")
        .then()
        .statusCode(503)
        .contentType("application/problem+json")
        .body("code", equalTo("graph_unavailable"));
  }

  @Test
  void notReady() {
    given()
        .when()
        .get("/q/health/ready")
        .then()
        .statusCode(503)
        .body("checks.find { it.name == 'neo4j' }.status", equalTo("DOWN"))
        .body("checks.find { it.name == 'neo4j' }.data.reason", containsString("Neo4j"));
  }
}
