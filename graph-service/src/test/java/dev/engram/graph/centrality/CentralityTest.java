package dev.engram.graph.centrality;

import static dev.engram.graph.support.Ops.fact;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.Ops;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/** PageRank is computed over the facts, stored on entities and shown where entities appear. */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class CentralityTest {

  @Inject Driver driver;

  @Test
  void theHubOfTheGraphRanksFirst() {
    GraphDump.wipe(driver, "tenant-a", "tenant-b");
    Ops.apply(
        List.of(
            fact("tenant-a", 1, "Ines", "lives_in", "Porto").op(),
            fact("tenant-a", 2, "Joao", "lives_in", "Porto").op(),
            fact("tenant-a", 3, "Kiko", "lives_in", "Porto").op(),
            fact("tenant-a", 4, "Luis", "lives_in", "Porto").op(),
            fact("tenant-a", 5, "Ines", "knows", "Joao").op(),
            fact("tenant-a", 6, "Ines", "knows", "Kiko").op()));

    given().header("Authorization", TestKeys.AGENT_A).post("/v1/centrality").then().statusCode(403);
    given()
        .header("Authorization", TestKeys.ADMIN_A)
        .post("/v1/centrality")
        .then()
        .statusCode(200)
        .body("entities", equalTo(5))
        .body("links", equalTo(6));

    given()
        .header("Authorization", TestKeys.AGENT_A)
        .queryParam("limit", 2)
        .get("/v1/centrality")
        .then()
        .statusCode(200)
        .body("entities.name", org.hamcrest.Matchers.contains("Porto", "Ines"));
    float porto =
        given()
            .header("Authorization", TestKeys.AGENT_A)
            .get("/v1/entities/Porto")
            .then()
            .statusCode(200)
            .extract()
            .path("entity.centrality");
    float kiko =
        given()
            .header("Authorization", TestKeys.AGENT_A)
            .get("/v1/entities/Kiko")
            .then()
            .extract()
            .path("entity.centrality");
    org.hamcrest.MatcherAssert.assertThat(porto, greaterThan(kiko));

    given()
        .header("Authorization", TestKeys.INTERNAL)
        .contentType("application/json")
        .body(
            Map.of("tenant", "tenant-a", "agent", "bot1", "chat", "telegram:1", "query", "Porto?"))
        .post("/internal/v1/graph/neighbours")
        .then()
        .statusCode(200)
        .body("entities[0].centrality", equalTo(porto));
  }
}
