package dev.engram.graph.entity;

import static dev.engram.graph.support.Ops.fact;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

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

/** Resolution on write (exact, alias, fuzzy), manual merges, and undoing both. */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class EntityMergeTest {

  private static final String T = "tenant-a";

  @Inject Driver driver;

  @BeforeEach
  void startEmpty() {
    GraphDump.wipe(driver, T, "tenant-b");
  }

  @Test
  void aMisspelledNameResolvesFuzzilyAndTheMergeCanBeUndone() {
    Ops.apply(List.of(fact(T, 1, "Jonathan Smith", "lives_in", "Oslo").op()));
    Ops.apply(List.of(fact(T, 2, "Jonathon Smith", "works_at", "Initech").op()));

    String id =
        entity("Jonathon Smith")
            .statusCode(200)
            .body("entity.name", equalTo("Jonathan Smith"))
            .body("entity.aliases", contains("Jonathon Smith"))
            .body("facts.predicate", contains("lives_in", "works_at"))
            .extract()
            .path("entity.id");
    String merge =
        given()
            .header("Authorization", TestKeys.AGENT_A)
            .queryParam("entity", id)
            .get("/v1/merges")
            .then()
            .statusCode(200)
            .body("merges.method", contains("fuzzy"))
            .body("merges[0].keys", contains("jonathon smith"))
            .extract()
            .path("merges[0].id");

    undo(merge, TestKeys.AGENT_A).statusCode(403);
    undo(merge, TestKeys.ADMIN_A).statusCode(200).body("reverted_at", not(equalTo(null)));
    undo(merge, TestKeys.ADMIN_A).statusCode(409).body("code", equalTo("merge_conflict"));

    entity("Jonathon Smith")
        .statusCode(200)
        .body("entity.name", equalTo("Jonathon Smith"))
        .body("facts.object.name", contains("Initech"));
    entity("Jonathan Smith")
        .statusCode(200)
        .body("entity.aliases", org.hamcrest.Matchers.empty())
        .body("facts.object.name", contains("Oslo"));
  }

  @Test
  void similarButDifferentNamesStayApart() {
    Ops.apply(
        List.of(
            fact(T, 1, "Alice Smith", "likes", "tea").op(),
            fact(T, 2, "Alice Jones", "likes", "coffee").op(),
            fact(T, 3, "Ann", "likes", "cake").op(),
            fact(T, 4, "Anna", "likes", "pie").op(),
            fact(T, 5, "Project 12", "blocks", "Project 13").op()));
    List<String> names =
        GraphDump.run(driver, "MATCH (e:Entity {tenant: $t}) RETURN e.name AS n", Map.of("t", T))
            .stream()
            .map(r -> r.get("n").asString())
            .toList();
    org.hamcrest.MatcherAssert.assertThat(
        names,
        org.hamcrest.Matchers.containsInAnyOrder(
            "Alice Smith",
            "Alice Jones",
            "Ann",
            "Anna",
            "Project 12",
            "Project 13",
            "tea",
            "coffee",
            "cake",
            "pie"));
  }

  @Test
  void aManualMergeJoinsHistoriesAndItsUndoSplitsThemAgain() {
    Ops.apply(
        List.of(
            fact(T, 1, "Bob", "lives_in", "Paris").validFrom("2020-01-01T00:00:00Z").op(),
            fact(T, 2, "Robert", "lives_in", "Rome").validFrom("2022-01-01T00:00:00Z").op()));

    given()
        .header("Authorization", TestKeys.AGENT_A)
        .contentType("application/json")
        .body(Map.of("from", "Bob", "into", "Robert"))
        .post("/v1/merges")
        .then()
        .statusCode(403);
    String merge =
        given()
            .header("Authorization", TestKeys.ADMIN_A)
            .contentType("application/json")
            .body(Map.of("from", "Bob", "into", "Robert"))
            .post("/v1/merges")
            .then()
            .statusCode(200)
            .body("method", equalTo("manual"))
            .extract()
            .path("id");

    // One person now: Paris ended when Rome began.
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .get("/v1/entities/Bob/timeline")
        .then()
        .statusCode(200)
        .body("entity.name", equalTo("Robert"))
        .body("entity.aliases", contains("Bob"))
        .body("facts.object.name", contains("Paris", "Rome"))
        .body("facts.valid_to", contains("2022-01-01T00:00:00Z", null));

    undo(merge, TestKeys.ADMIN_A).statusCode(200);
    entity("Bob")
        .statusCode(200)
        .body("entity.name", equalTo("Bob"))
        .body("facts.object.name", contains("Paris"))
        .body("facts.current", contains(true));
    entity("Robert").statusCode(200).body("facts.object.name", contains("Rome"));
  }

  private static ValidatableResponse entity(String ref) {
    return given().header("Authorization", TestKeys.AGENT_A).get("/v1/entities/" + ref).then();
  }

  private static ValidatableResponse undo(String merge, String key) {
    return given().header("Authorization", key).post("/v1/merges/" + merge + "/undo").then();
  }
}
