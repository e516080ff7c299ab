package dev.engram.graph.schema;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import dev.engram.graph.support.Neo4jTestServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class ReadinessTest {

  @Inject SchemaMigrator migrator;

  @Test
  void readyWithNeo4jRunningAndTheSchemaApplied() {
    await().atMost(Duration.ofSeconds(60)).until(() -> migrator.pendingReason().isEmpty());

    given()
        .when()
        .get("/q/health/ready")
        .then()
        .statusCode(200)
        .body("status", equalTo("UP"))
        .body("checks.name", hasItem("neo4j"))
        .body("checks.find { it.name == 'neo4j' }.status", equalTo("UP"))
        .body("checks.find { it.name == 'neo4j' }.data.schema_version", equalTo("V005"));
  }

  @Test
  void livenessIsUp() {
    given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
  }
}
