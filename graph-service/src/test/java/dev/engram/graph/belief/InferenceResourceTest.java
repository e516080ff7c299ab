package dev.engram.graph.belief;

import static dev.engram.graph.support.Near.near;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

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
 * {@code POST /v1/beliefs/infer}: NAL deduction over a fact (Tweety is a bird, confidence 0.9) and
 * implication beliefs (bird → can fly ⟨0.9, 0.9⟩, can fly → can cross rivers ⟨0.8, 0.5⟩).
 */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class InferenceResourceTest {

  private static final String A = "tenant-a";

  @Inject Driver driver;

  @BeforeEach
  void seed() {
    GraphDump.wipe(driver, A, "tenant-b");
    Ops.apply(List.of(Ops.fact(A, 1, "Tweety", "is_a", "Bird").confidence(0.9).op()));
    evidence("Bird → can fly", 0.9, 0.9);
    evidence("can fly -> can cross rivers", 0.8, 0.5);
    evidence("Alice likes Porto", 1.0, 0.9); // not an implication: never a link
  }

  @Test
  void aFactAndABeliefChainIntoAnInferredConclusion() {
    // fact ⟨1, 0.9⟩ then belief ⟨0.9, 0.9⟩: f = 0.9, c = 1·0.9·0.9·0.9 = 0.729.
    infer(TestKeys.AGENT_A, Map.of("from", "Tweety", "to", "can fly"))
        .statusCode(200)
        .body("conclusion.statement", equalTo("Tweety → can fly"))
        .body("conclusion.strength", near(0.9))
        .body("conclusion.confidence", near(0.729))
        .body("conclusion.inferred", equalTo(true))
        .body("chains", hasSize(1))
        .body("chains[0].hops", equalTo(2))
        .body("chains[0].links.kind", contains("fact", "belief"))
        .body("chains[0].links[0].statement", equalTo("Tweety is_a Bird"))
        .body("chains[0].links[1].statement", equalTo("Bird → can fly"));

    // Three links: then ⟨0.8, 0.5⟩: f = 0.72, c = 0.72·0.729·0.5.
    infer(TestKeys.AGENT_A, Map.of("from", "tweety", "to", "Can cross rivers"))
        .statusCode(200)
        .body("conclusion.strength", near(0.72))
        .body("conclusion.confidence", near(0.72 * 0.729 * 0.5))
        .body("chains[0].links.kind", contains("fact", "belief", "belief"));
  }

  @Test
  void theSearchIsBoundedAndNothingIsStored() {
    infer(TestKeys.AGENT_A, Map.of("from", "Tweety", "to", "can cross rivers", "max_hops", 2))
        .statusCode(200)
        .body("conclusion", nullValue())
        .body("chains", empty());
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .queryParam("statement", "Tweety → can fly")
        .get("/v1/beliefs")
        .then()
        .statusCode(404);
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .get("/v1/stats")
        .then()
        .statusCode(200)
        .body("beliefs", equalTo(3));
  }

  @Test
  void onlyWhatTheReaderMaySeeIsChained() {
    // The fact is CHAT-scoped to bot1's telegram:1: another agent, or another tenant, has no chain.
    infer(TestKeys.AGENT_A, Map.of("from", "Tweety", "to", "can fly", "agent", "bot2"))
        .statusCode(200)
        .body("chains", empty());
    infer(
            TestKeys.AGENT_A,
            Map.of("from", "Tweety", "to", "can fly", "agent", "bot1", "chat", "telegram:1"))
        .statusCode(200)
        .body("chains", hasSize(1));
    infer(TestKeys.AGENT_B, Map.of("from", "Tweety", "to", "can fly"))
        .statusCode(200)
        .body("chains", empty());
  }

  @Test
  void badQuestionsAre400sNamingTheField() {
    Map<String, Map<String, Object>> bad = new HashMap<>();
    bad.put("max_hops", Map.of("from", "Tweety", "to", "can fly", "max_hops", 9));
    bad.put("from", Map.of("from", " ", "to", "can fly"));
    bad.put("to", Map.of("from", "Tweety", "to", "tweety!"));
    bad.put("chat", Map.of("from", "Tweety", "to", "can fly", "chat", "telegram:1"));
    bad.forEach(
        (field, body) ->
            infer(TestKeys.AGENT_A, body)
                .statusCode(400)
                .body("code", equalTo("validation_failed"))
                .body("errors.field", hasItem(field)));
    infer(TestKeys.OPS_A, Map.of("from", "Tweety", "to", "can fly")).statusCode(403);
  }

  private static ValidatableResponse infer(String key, Map<String, Object> body) {
    return given()
        .header("Authorization", key)
        .contentType("application/json")
        .body(body)
        .post("/v1/beliefs/infer")
        .then();
  }

  private static void evidence(String statement, double strength, double confidence) {
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .contentType("application/json")
        .body(Map.of("statement", statement, "strength", strength, "confidence", confidence))
        .post("/v1/beliefs/evidence")
        .then()
        .statusCode(200);
  }
}
