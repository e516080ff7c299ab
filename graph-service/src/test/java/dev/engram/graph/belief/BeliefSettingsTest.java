package dev.engram.graph.belief;

import static dev.engram.graph.support.Near.near;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

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

/**
 * The revision rule per tenant: NAL by default, EMA once an admin chooses it, each tenant apart.
 */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class BeliefSettingsTest {

  @Inject Driver driver;

  @BeforeEach
  void startEmpty() {
    GraphDump.wipe(driver, "tenant-a", "tenant-b");
  }

  @Test
  void aTenantWithoutSettingsUsesTheDefaultNalRule() {
    settings(TestKeys.ADMIN_A)
        .statusCode(200)
        .body("rule", equalTo("NAL"))
        .body("default_rule", equalTo("NAL"))
        .body("updated_at", nullValue());
  }

  @Test
  void emaChosenByOneTenantRevisesItsBeliefsAndNotTheOthers() {
    choose(TestKeys.ADMIN_A, "EMA")
        .statusCode(200)
        .body("rule", equalTo("EMA"))
        .body("updated_at", notNullValue());
    settings(TestKeys.ADMIN_A).body("rule", equalTo("EMA"));
    settings(TestKeys.ADMIN_B).body("rule", equalTo("NAL"));

    // The same evidence in both tenants, through the outbox: (1, 0.9) then (0, 0.9).
    for (String tenant : List.of("tenant-a", "tenant-b")) {
      Ops.apply(
          List.of(
              BeliefEvidenceOperationTest.evidence(tenant, "e1", 1.0, 0.9, "2026-05-08T13:57:00Z"),
              BeliefEvidenceOperationTest.evidence(
                  tenant, "e2", 0.0, 0.9, "2026-05-08T13:58:00Z")));
    }
    // EMA: a contradiction steps 0.30 of the way: f = 1 − 0.3 = 0.7, c = 0.9.
    belief(TestKeys.AGENT_A)
        .body("strength", near(0.7))
        .body("confidence", near(0.9))
        .body("evidence[0].rule", equalTo("EMA"))
        .body("evidence[0].weight", near(0.30));
    // NAL: w = 9 on each side: s = 0.5, c = 18 / 19.
    belief(TestKeys.AGENT_B)
        .body("strength", near(0.5))
        .body("confidence", near(18.0 / 19.0))
        .body("evidence[0].rule", equalTo("NAL"));

    // Support under EMA steps 0.15 of the way: 0.7 + 0.15 · 0.3 = 0.745.
    Ops.apply(
        List.of(
            BeliefEvidenceOperationTest.evidence(
                "tenant-a", "e3", 1.0, 0.9, "2026-05-08T13:59:00Z")));
    belief(TestKeys.AGENT_A).body("strength", near(0.745));

    // Back to NAL: the stored value is revised from here on with NAL.
    choose(TestKeys.ADMIN_A, "NAL").statusCode(200).body("rule", equalTo("NAL"));
    Ops.apply(
        List.of(
            BeliefEvidenceOperationTest.evidence(
                "tenant-a", "e4", 1.0, 0.9, "2026-05-08T14:00:00Z")));
    belief(TestKeys.AGENT_A).body("evidence[0].rule", equalTo("NAL"));
  }

  @Test
  void onlyAdminsChooseAndOnlyKnownRules() {
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .get("/v1/beliefs/settings")
        .then()
        .statusCode(403);
    choose(TestKeys.AGENT_A, "EMA").statusCode(403);
    choose(TestKeys.ADMIN_A, "BAYES").statusCode(400);
    given()
        .header("Authorization", TestKeys.ADMIN_A)
        .contentType("application/json")
        .body(Map.of())
        .put("/v1/beliefs/settings")
        .then()
        .statusCode(400)
        .body("errors.field", org.hamcrest.Matchers.hasItem("rule"));
    settings(TestKeys.ADMIN_A).body("rule", equalTo("NAL"));
  }

  private static ValidatableResponse settings(String key) {
    return given().header("Authorization", key).get("/v1/beliefs/settings").then();
  }

  private static ValidatableResponse choose(String key, String rule) {
    return given()
        .header("Authorization", key)
        .contentType("application/json")
        .body(Map.of("rule", rule))
        .put("/v1/beliefs/settings")
        .then();
  }

  private static ValidatableResponse belief(String key) {
    return given()
        .header("Authorization", key)
        .queryParam("statement", "Alice lives in Porto")
        .get("/v1/beliefs")
        .then();
  }
}
