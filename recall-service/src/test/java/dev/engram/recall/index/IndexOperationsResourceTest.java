package dev.engram.recall.index;

import static dev.engram.recall.IndexFixture.ADMIN_T1_KEY;
import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.INTERNAL_KEY;
import static dev.engram.recall.IndexFixture.delete;
import static dev.engram.recall.IndexFixture.exchange;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.post;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static dev.engram.recall.IndexFixture.with;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The internal index API: who may call it, what it accepts, and that bad batches change nothing.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class IndexOperationsResourceTest {

  private static final String TENANT = "idx";

  @Inject IndexStore store;

  @BeforeEach
  void emptyTenant() {
    index(reset(TENANT));
  }

  @Test
  void appliesABatchAndCountsStaleOperations() {
    index(
            upsert(memory(TENANT, 1, null, null, "first")),
            upsert(exchange(TENANT, 2, "bot1", "telegram:1", "second")))
        .body("applied", equalTo(2))
        .body("skipped", equalTo(0));
    index(
            upsert(with(memory(TENANT, 1, null, null, "newer"), "version", 5)),
            upsert(with(memory(TENANT, 1, null, null, "older"), "version", 4)),
            delete(TENANT, "exchange", 2, 1))
        .body("applied", equalTo(2))
        .body("skipped", equalTo(1));
    assertEquals(1, store.count(TENANT));
  }

  @Test
  void onlyInternalKeysMayCallIt() {
    Map<String, Object> body = Map.of("operations", List.of(reset(TENANT)));
    post(null, body).statusCode(401).contentType("application/problem+json");
    post("no-such-key", body).statusCode(401).body("code", equalTo("unauthenticated"));
    post(AGENT_T1_KEY, body).statusCode(403).body("code", equalTo("forbidden"));
    post(ADMIN_T1_KEY, body).statusCode(403);
  }

  @Test
  void aMissingFieldIsNamedAndNothingIsApplied() {
    Map<String, Object> bad = with(memory(TENANT, 2, null, null, "x"), "text", null);
    expect400(upsert(memory(TENANT, 1, null, null, "valid")), upsert(bad))
        .body("errors.field", hasItem("operations[1].document.text"));
  }

  @Test
  void scopeAgentAndChatMustAgree() {
    expect400(upsert(with(memory(TENANT, 1, null, null, "x"), "scope", "CHAT")))
        .body("errors.field", hasItem("operations[0].document.agent"))
        .body("errors.field", hasItem("operations[0].document.chat"));
    expect400(upsert(with(exchange(TENANT, 1, "bot1", "c1", "x"), "scope", "AGENT", "chat", null)))
        .body("errors.rule", hasItem("exchange_scope"));
  }

  @Test
  void unknownValuesAreRefusedQuarantinedIncluded() {
    expect400(upsert(with(memory(TENANT, 1, null, null, "x"), "status", "QUARANTINED")))
        .body("errors.field", hasItem("operations[0].document.status"));
    expect400(upsert(with(memory(TENANT, 1, null, null, "x"), "kind", "note")))
        .body("errors.field", hasItem("operations[0].document.kind"));
    expect400(Map.of("op", "rename", "tenant", TENANT))
        .body("errors.field", hasItem("operations[0]"));
    expect400(upsert(with(memory(TENANT, 1, null, null, "x"), "tenant", "no spaces allowed")))
        .body("errors.field", hasItem("operations[0].document.tenant"));
  }

  @Test
  void unknownFieldsAreIgnoredAsOnEveryInternalApi() {
    Map<String, Object> fromANewerCapture =
        Map.of(
            "op",
            "upsert",
            "shard",
            3,
            "document",
            with(memory(TENANT, 1, null, null, "x"), "colour", "red"));
    post(INTERNAL_KEY, Map.of("operations", List.of(fromANewerCapture), "trace", "abc"))
        .statusCode(200)
        .body("applied", equalTo(1));
    index(
            Map.of(
                "op", "delete", "tenant", TENANT, "kind", "memory", "id", 1, "version", 2, "reason",
                "forget"),
            Map.of("op", "reset", "tenant", TENANT, "requested_by", "ops"))
        .body("applied", equalTo(2));
  }

  @Test
  void textOverTheLimitIsRefused() {
    String big = "x".repeat(32 * 1024 + 1);
    expect400(
            upsert(memory(TENANT, 1, null, null, "fine")),
            upsert(memory(TENANT, 2, null, null, big)))
        .body("errors.field", hasItem("operations[1].document.text"))
        .body("errors.rule", hasItem("max_bytes"));
  }

  @Test
  void aBatchOverTheLimitIsRefused() {
    List<Map<String, Object>> ops = new ArrayList<>();
    for (int i = 0; i < 1001; i++) {
      ops.add(delete(TENANT, "memory", i, 1));
    }
    ops.set(0, upsert(memory(TENANT, 1, null, null, "would be applied")));
    post(INTERNAL_KEY, Map.of("operations", ops))
        .statusCode(400)
        .body("errors.field", hasItem("operations"))
        .body("errors.rule", hasItem("max_items"));
    assertEquals(0, store.count(TENANT));
  }

  @Test
  void malformedJsonIsRefused() {
    given()
        .header("Authorization", "Bearer " + INTERNAL_KEY)
        .contentType(ContentType.JSON)
        .body("{\"operations\": [ {\"op\": \"reset\", ")
        .when()
        .post("/internal/v1/index/operations")
        .then()
        .statusCode(400)
        .contentType("application/problem+json")
        .body("code", equalTo("malformed_body"));
    post(INTERNAL_KEY, Map.of()).statusCode(400).body("detail", containsString("operations"));
  }

  /** Posts a batch that must be refused as a whole, and checks that nothing of it was applied. */
  private ValidatableResponse expect400(Map<?, ?>... operations) {
    ValidatableResponse response =
        post(INTERNAL_KEY, Map.of("operations", List.of(operations)))
            .statusCode(400)
            .contentType("application/problem+json");
    assertEquals(0, store.count(TENANT), "a refused batch applies nothing");
    return response;
  }
}
