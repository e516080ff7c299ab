package dev.engram.graph.schema;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.engram.graph.support.InjectNeo4j;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The service started before Neo4j: not ready, no crash; ready once Neo4j is up and the schema
 * applied; not ready again (and 503s, never 500s) when Neo4j goes away. Its own application and
 * Neo4j, since it stops the server.
 */
@QuarkusTest
@WithTestResource(
    value = Neo4jTestServer.class,
    initArgs = @ResourceArg(name = Neo4jTestServer.START_LATER, value = "true"))
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class Neo4jOutageTest {

  private static final String NEO4J = "checks.find { it.name == 'neo4j' }";

  @InjectNeo4j Neo4jTestServer neo4j;

  @Test
  @Order(1)
  void startsNotReadyWhileNeo4jIsAbsent() {
    given()
        .when()
        .get("/q/health/ready")
        .then()
        .statusCode(503)
        .body(NEO4J + ".status", equalTo("DOWN"))
        .body(NEO4J + ".data.reason", containsString("schema not applied yet"));
    given().when().get("/q/health/live").then().statusCode(200);
    expectGraphUnavailable();
  }

  @Test
  @Order(2)
  void appliesTheSchemaAndBecomesReadyOnceNeo4jIsUp() {
    neo4j.startServer();

    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () ->
                given()
                    .when()
                    .get("/q/health/ready")
                    .then()
                    .statusCode(200)
                    .body(NEO4J + ".data.schema_version", equalTo("V005")));
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .when()
        .get("/v1/stats")
        .then()
        .statusCode(200)
        .body("entities", equalTo(0));
  }

  @Test
  @Order(3)
  void isNotReadyAndAnswers503WhenNeo4jStops() {
    neo4j.stopServer();

    given()
        .when()
        .get("/q/health/ready")
        .then()
        .statusCode(503)
        .body(NEO4J + ".status", equalTo("DOWN"))
        .body(NEO4J + ".data.reason", containsString("Neo4j unavailable"));
    given().when().get("/q/health/live").then().statusCode(200);
    expectGraphUnavailable();
  }

  private static void expectGraphUnavailable() {
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .when()
        .get("/v1/stats")
        .then()
        .statusCode(503)
        .contentType("application/problem+json")
        .body("code", equalTo("graph_unavailable"))
        .body(not(containsString("Exception")))
        .body(not(containsString("127.0.0.1")));
    // The backup contract: a service that cannot export answers non-200 before the first line.
    given()
        .header("Authorization", TestKeys.INTERNAL)
        .when()
        .get("/internal/v1/export")
        .then()
        .statusCode(503)
        .contentType("application/problem+json")
        .body("code", equalTo("graph_unavailable"));
    given()
        .header("Authorization", TestKeys.INTERNAL)
        .contentType("application/x-ndjson")
        .body(
            ("{\"header\":{\"format_version\":1}}\n"
                    + "{\"stream\":\"beliefs\",\"record\":{\"tenant\":\"tenant-a\",\"id\":\"b-1\"}}\n"
                    + "{\"end\":{\"counts\":{\"beliefs\":1}}}\n")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8))
        .when()
        .post("/internal/v1/import?mode=merge")
        .then()
        .statusCode(503)
        .body("code", equalTo("graph_unavailable"));
  }
}
