package dev.engram.graph.operations;

import static dev.engram.graph.support.Ops.deleteFact;
import static dev.engram.graph.support.Ops.deleteMemory;
import static dev.engram.graph.support.Ops.fact;
import static dev.engram.graph.support.Ops.memory;
import static dev.engram.graph.support.Ops.relation;
import static io.restassured.RestAssured.given;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.History;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.Ops;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/** The internal operations API: idempotence, rebuilds, forget, capacity, validation, auth. */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class OperationsResourceTest {

  private static final String T = "tenant-a";

  @Inject Driver driver;

  @BeforeEach
  void startEmpty() {
    GraphDump.wipe(driver, T, "tenant-b");
  }

  @Test
  void replayingTheSameOperationsChangesNothing() {
    History.batches(T).forEach(Ops::apply);
    List<String> once = GraphDump.of(driver, T);

    History.batches(T).forEach(Ops::apply);
    assertThat(GraphDump.of(driver, T), equalTo(once));

    // A stale version (fact 1 before capture invalidated it) is skipped and changes nothing.
    Ops.apply(
            List.of(
                fact(T, 1, "Alice", "lives_in", "Lisbon")
                    .validFrom("2021-03-01T00:00:00Z")
                    .recordedAt("2021-03-10T09:00:00Z")
                    .sources(101L)
                    .op()))
        .body("applied", equalTo(0))
        .body("skipped", equalTo(1));
    assertThat(GraphDump.of(driver, T), equalTo(once));
  }

  @Test
  void resetThenReplayRebuildsTheSameGraphAndKeepsBeliefs() {
    History.batches(T).forEach(Ops::apply);
    List<String> before = GraphDump.of(driver, T);
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .contentType("application/json")
        .body(Map.of("statement", "Alice likes Porto", "strength", 0.9, "confidence", 0.6))
        .post("/v1/beliefs/evidence")
        .then()
        .statusCode(200);
    List<String> beliefs =
        GraphDump.of(driver, T).stream().filter(line -> !before.contains(line)).toList();

    Ops.apply(List.of(Ops.reset(T))).body("applied", equalTo(1));
    assertThat("only the beliefs are left", GraphDump.of(driver, T), equalTo(beliefs));

    Ops.apply(History.all(T));
    List<String> rebuilt = GraphDump.of(driver, T);
    assertThat(rebuilt.stream().filter(line -> !beliefs.contains(line)).toList(), equalTo(before));
  }

  @Test
  void forgetRemovesTheMemoryItsMentionsAndTheFactsOnlyItSourced() {
    Ops.apply(
        List.of(
            memory(
                T, 201, "bot1", "c1", "Carol works at Initech with Dave.", "2026-01-01T00:00:00Z"),
            memory(T, 202, "bot1", "c1", "Carol lives in Oslo.", "2026-01-02T00:00:00Z"),
            fact(T, 31, "Carol", "works_at", "Initech").sources(201L).op(),
            fact(T, 32, "Carol", "lives_in", "Oslo").sources(201L, 202L).op(),
            fact(T, 33, "Dave", "knows", "Carol").sources(201L).op(),
            relation(T, 1, 201, 202, "SUPPORTS", 0.8)));

    Ops.apply(List.of(deleteMemory(T, 201))).body("applied", equalTo(1));

    assertThat(ids("MATCH (m:Memory {tenant: $t}) RETURN m.id AS id"), contains(202L));
    assertThat(ids("MATCH ()-[f:FACT {tenant: $t}]->() RETURN f.id AS id"), contains(32L));
    assertThat(
        ids(
            "MATCH ()-[f:FACT {tenant: $t, id: 32}]->() UNWIND f.source_memory_ids AS id RETURN id"),
        contains(202L));
    assertThat(
        strings("MATCH (e:Entity {tenant: $t}) RETURN e.name AS name"),
        containsInAnyOrder("Carol", "Oslo"));
    assertThat(
        strings("MATCH (a:Alias {tenant: $t}) RETURN a.key AS name"),
        containsInAnyOrder("carol", "oslo"));
    assertThat(
        "no relation, mention or source link is left of memory 201",
        GraphDump.of(driver, T).stream().filter(line -> line.contains("Memory:201")).toList(),
        empty());
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .get("/v1/stats")
        .then()
        .body("entities", equalTo(2))
        .body("facts.current", equalTo(1))
        .body("memories", equalTo(1))
        .body("relations", equalTo(0));
  }

  @Test
  void deletingAFactReopensTheValueItEnded() {
    Ops.apply(
        List.of(
            fact(T, 41, "Erin", "lives_in", "Lima").validFrom("2020-01-01T00:00:00Z").op(),
            fact(T, 42, "Erin", "lives_in", "Quito").validFrom("2022-01-01T00:00:00Z").op()));
    assertThat(currentObjects("Erin"), contains("Quito"));

    Ops.apply(List.of(deleteFact(T, 42)));
    assertThat(currentObjects("Erin"), contains("Lima"));
    assertThat(
        strings("MATCH (e:Entity {tenant: $t}) RETURN e.name AS name"), not(hasItem("Quito")));
  }

  @Test
  void aChatKeepsItsCapacityByDroppingTheOldestInvalidatedThenTheLeastConfidentFacts() {
    // engram.graph.facts.max-per-chat is 10 in tests.
    Ops.apply(
        List.of(
            capped(51, 0.9).invalidated("2021-01-01T00:00:00Z", "2021-01-03T00:00:00Z").op(),
            capped(52, 0.9).invalidated("2021-01-01T00:00:00Z", "2021-01-01T00:00:00Z").op(),
            capped(53, 0.9).invalidated("2021-01-01T00:00:00Z", "2021-01-02T00:00:00Z").op(),
            capped(54, 0.9).op(),
            capped(55, 0.5).op(),
            capped(56, 0.8).op(),
            capped(57, 0.3).op(),
            capped(58, 0.95).op()));
    Ops.apply(
        List.of(
            capped(59, 0.99).op(),
            capped(60, 0.99).op(),
            capped(61, 0.99).op(),
            capped(62, 0.99).op()));
    assertThat(factIds(), not(hasItem(52L)));
    assertThat(factIds(), not(hasItem(53L)));
    assertThat(factIds(), hasItem(51L));

    Ops.apply(List.of(capped(63, 0.99).op(), capped(64, 0.99).op(), capped(65, 0.99).op()));
    assertThat(factIds(), containsInAnyOrder(54L, 56L, 58L, 59L, 60L, 61L, 62L, 63L, 64L, 65L));
  }

  @Test
  void olderVersionsAreSkippedAndARelationMayChangeType() {
    Ops.apply(
        List.of(
            memory(T, 71, 2, "bot1", "c1", "CHAT", "Version two.", "2026-01-01T00:00:00Z", 0.9),
            memory(T, 72, 1, "bot1", "c1", "CHAT", "Other.", "2026-01-01T00:00:00Z", 0.9),
            relation(T, 9, 71, 72, "SUPPORTS", 0.5)));
    Ops.apply(
            List.of(
                memory(T, 71, 1, "bot1", "c1", "CHAT", "Version one.", "2026-01-01T00:00:00Z", 0.9),
                relationV2(T, 9, 71, 72, "CONTRADICTS")))
        .body("applied", equalTo(1))
        .body("skipped", equalTo(1));

    assertThat(
        strings("MATCH (m:Memory {tenant: $t, id: 71}) RETURN m.text AS name"),
        contains("Version two."));
    assertThat(
        strings("MATCH (:Memory {tenant: $t})-[r]->(:Memory) RETURN type(r) AS name"),
        contains("CONTRADICTS"));
  }

  @Test
  void aBadOperationRejectsTheWholeBatch() {
    Ops.send(
            List.of(
                fact(T, 81, "Gus", "likes", "tea").op(),
                fact(T, 82, "Gus", "likes", "coffee").scope("CHAT", "bot1", null).op(),
                fact(T, 83, "Gus", "likes", "...").op()))
        .statusCode(400)
        .contentType("application/problem+json")
        .body("code", equalTo("validation_failed"))
        .body(
            "errors.field",
            containsInAnyOrder("operations[1].fact.chat", "operations[2].fact.object"));
    Ops.send(List.of(fact(T, 84, "Gus", "Likes", "tea").op()))
        .statusCode(400)
        .body("code", equalTo("validation_failed"))
        .body("detail", org.hamcrest.Matchers.containsString("predicate"));
    assertThat(factIds(), empty());
  }

  @Test
  void unknownFieldsAreIgnoredAndUnknownOperationsRefused() {
    Map<String, Object> op = new HashMap<>(fact(T, 91, "Hal", "likes", "chess").op());
    @SuppressWarnings("unchecked")
    Map<String, Object> body = new HashMap<>((Map<String, Object>) op.get("fact"));
    body.put("added_in_a_later_version", true);
    op.put("fact", body);
    op.put("priority", 3);
    Ops.apply(List.of(op)).body("applied", equalTo(1));

    Ops.send(List.of(Map.of("op", "upsert_planet", "tenant", T))).statusCode(400);
  }

  @Test
  void onlyOtherServicesMayApplyOperations() {
    given()
        .header("Authorization", TestKeys.ADMIN_A)
        .contentType("application/json")
        .body(Map.of("operations", List.of()))
        .post("/internal/v1/graph/operations")
        .then()
        .statusCode(403);
  }

  private static Ops.Fact capped(long id, double confidence) {
    return fact(T, id, "Subject " + id, "knows", "Object " + id)
        .scope("CHAT", "bot1", "cap:1")
        .recordedAt("2026-01-01T00:00:" + (id % 60 < 10 ? "0" : "") + (id % 60) + "Z")
        .confidence(confidence);
  }

  private static Map<String, Object> relationV2(
      String tenant, long id, long from, long to, String type) {
    Map<String, Object> op = new HashMap<>(relation(tenant, id, from, to, type, 0.6));
    @SuppressWarnings("unchecked")
    Map<String, Object> r = new HashMap<>((Map<String, Object>) op.get("relation"));
    r.put("version", 2);
    op.put("relation", r);
    return op;
  }

  private List<String> currentObjects(String subject) {
    return strings(
        "MATCH (:Entity {tenant: $t, name: '"
            + subject
            + "'})-[f:FACT]->(o) WHERE f.invalidated_at IS NULL RETURN o.name AS name");
  }

  private List<Long> factIds() {
    return ids("MATCH ()-[f:FACT {tenant: $t}]->() RETURN f.id AS id");
  }

  private List<Long> ids(String cypher) {
    return GraphDump.run(driver, cypher, Map.of("t", T)).stream()
        .map(r -> r.get("id").asLong())
        .sorted()
        .toList();
  }

  private List<String> strings(String cypher) {
    return GraphDump.run(driver, cypher, Map.of("t", T)).stream()
        .map(r -> r.get("name").asString())
        .toList();
  }
}
