package dev.engram.graph.stats;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;
import org.neo4j.driver.Session;

@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class StatsResourceTest {

  /**
   * tenant-a: 3 entities, 2 current facts and 1 invalidated, 2 memories (and a placeholder), 1
   * exchange, 1 relation, 1 belief. Chat c1 holds the invalidated fact, memory 1 and the exchange.
   */
  private static final String TENANT_A_GRAPH =
      """
      CREATE (ada:Entity {tenant: 'tenant-a', id: 'e1', name: 'Ada', normalized_name: 'ada',
                          type: 'person'})
      CREATE (london:Entity {tenant: 'tenant-a', id: 'e2', name: 'London',
                             normalized_name: 'london', type: 'place'})
      CREATE (paris:Entity {tenant: 'tenant-a', id: 'e3', name: 'Paris', normalized_name: 'paris',
                            type: 'place'})
      CREATE (ada)-[:FACT {tenant: 'tenant-a', id: 'f1', predicate: 'lives_in', chat: 'c1',
                           valid_from: datetime('2020-01-01T00:00:00Z'),
                           recorded_at: datetime('2020-01-02T00:00:00Z'),
                           invalidated_at: datetime('2024-05-01T00:00:00Z')}]->(london)
      CREATE (ada)-[:FACT {tenant: 'tenant-a', id: 'f2', predicate: 'lives_in',
                           valid_from: datetime('2024-05-01T00:00:00Z'),
                           recorded_at: datetime('2024-05-01T00:00:00Z')}]->(paris)
      CREATE (london)-[:FACT {tenant: 'tenant-a', id: 'f3', predicate: 'near',
                              recorded_at: datetime('2024-05-01T00:00:00Z')}]->(paris)
      CREATE (m1:Memory {tenant: 'tenant-a', id: 1, chat: 'c1'})
      CREATE (m2:Memory {tenant: 'tenant-a', id: 2})
      CREATE (:Memory {tenant: 'tenant-a', id: 3, placeholder: true})
      CREATE (:Exchange {tenant: 'tenant-a', id: 7, chat: 'c1'})
      CREATE (m1)-[:SUPPORTS {tenant: 'tenant-a'}]->(m2)
      CREATE (m1)-[:MENTIONS {tenant: 'tenant-a'}]->(ada)
      CREATE (:Belief {tenant: 'tenant-a', id: 'b1', strength: 0.9, confidence: 0.6})""";

  private static final String TENANT_B_GRAPH =
      """
      CREATE (:Entity {tenant: 'tenant-b', id: 'e1', name: 'Bob', normalized_name: 'bob',
                       type: 'person'})
      CREATE (:Memory {tenant: 'tenant-b', id: 1})""";

  @Inject Driver driver;

  @BeforeEach
  void emptyTenants() {
    write("MATCH (n) WHERE n.tenant IN ['tenant-a', 'tenant-b'] DETACH DELETE n");
  }

  @Test
  void countsTheCallersTenantOnly() {
    write(TENANT_A_GRAPH);
    write(TENANT_B_GRAPH);

    for (String key : new String[] {TestKeys.AGENT_A, TestKeys.OPS_A}) {
      given()
          .header("Authorization", key)
          .when()
          .get("/v1/stats")
          .then()
          .statusCode(200)
          .body("entities", equalTo(3))
          .body("facts.current", equalTo(2))
          .body("facts.invalidated", equalTo(1))
          .body("memories", equalTo(2))
          .body("exchanges", equalTo(1))
          .body("relations", equalTo(1))
          .body("beliefs", equalTo(1));
    }
    given()
        .header("Authorization", TestKeys.ADMIN_B)
        .when()
        .get("/v1/stats")
        .then()
        .statusCode(200)
        .body("entities", equalTo(1))
        .body("facts.current", equalTo(0))
        .body("facts.invalidated", equalTo(0))
        .body("memories", equalTo(1))
        .body("relations", equalTo(0))
        .body("beliefs", equalTo(0));
  }

  @Test
  void anEmptyTenantHasZeroes() {
    write(TENANT_A_GRAPH);

    given()
        .header("Authorization", TestKeys.ADMIN_B)
        .when()
        .get("/v1/stats")
        .then()
        .statusCode(200)
        .body(
            equalTo(
                "{\"entities\":0,\"facts\":{\"current\":0,\"invalidated\":0},"
                    + "\"memories\":0,\"exchanges\":0,\"relations\":0,\"beliefs\":0}"));
  }

  @Test
  void countsOneChat() {
    write(TENANT_A_GRAPH);

    given()
        .header("Authorization", TestKeys.OPS_A)
        .queryParam("chat", "c1")
        .when()
        .get("/v1/stats")
        .then()
        .statusCode(200)
        .body("chat", equalTo("c1"))
        .body("entities", equalTo(2))
        .body("facts.current", equalTo(0))
        .body("facts.invalidated", equalTo(1))
        .body("memories", equalTo(1))
        .body("exchanges", equalTo(1))
        .body("relations", equalTo(1))
        .body("beliefs", equalTo(1));
  }

  @Test
  void withoutAKeyIs401() {
    given()
        .when()
        .get("/v1/stats")
        .then()
        .statusCode(401)
        .contentType("application/problem+json")
        .body("code", equalTo("unauthenticated"));
  }

  @Test
  void anUnknownKeyIs401() {
    given()
        .header("Authorization", "Bearer not-a-configured-key")
        .when()
        .get("/v1/stats")
        .then()
        .statusCode(401)
        .body("code", equalTo("unauthenticated"));
  }

  @Test
  void anInternalKeyIs403() {
    given()
        .header("Authorization", TestKeys.INTERNAL)
        .when()
        .get("/v1/stats")
        .then()
        .statusCode(403)
        .contentType("application/problem+json")
        .body("code", equalTo("forbidden"))
        .body(not(containsString("Exception")));
  }

  private void write(String cypher) {
    try (Session session = driver.session()) {
      session.executeWrite(tx -> tx.run(cypher, Map.of()).consume());
    }
  }
}
