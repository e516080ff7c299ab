package dev.engram.recall;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class HealthTest {

  @Test
  void readyWhenTheIndexIsWritableAndTheModelLoaded() {
    given()
        .when()
        .get("/q/health/ready")
        .then()
        .statusCode(200)
        .body("status", equalTo("UP"))
        // Graceful Shutdown: Quarkus' own check (quarkus.shutdown.delay-enabled, which ends open
        // MCP event streams first), DOWN once shutdown has begun.
        .body(
            "checks.name",
            containsInAnyOrder("recall-index", "embedding-model", "warm-up", "Graceful Shutdown"))
        .body(
            "checks.find { it.name == 'embedding-model' }.data.model",
            equalTo("all-minilm-l6-v2-q"))
        .body(
            "checks.find { it.name == 'recall-index' }.data.index_model",
            equalTo("all-minilm-l6-v2-q"));
  }

  @Test
  void livenessCallsNothing() {
    given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
  }

  @Test
  void metricsIncludeTheIndexAndRecallMeters() {
    given()
        .when()
        .get("/q/metrics")
        .then()
        .statusCode(200)
        .body(org.hamcrest.Matchers.containsString("engram_recall_index_documents"))
        .body(org.hamcrest.Matchers.containsString("engram_recall_embedding_batch_seconds"))
        .body(org.hamcrest.Matchers.containsString("engram_recall_signal_latency_seconds"))
        .body(org.hamcrest.Matchers.containsString("stage=\"graph\""))
        .body(org.hamcrest.Matchers.containsString("engram_recall_graph_skipped_total"))
        .body(org.hamcrest.Matchers.containsString("engram_recall_embedding_cache_hit_ratio"));
  }

  @Test
  void openApiDescribesEveryEndpoint() {
    given()
        .accept("application/json")
        .when()
        .get("/q/openapi")
        .then()
        .statusCode(200)
        .body("paths.keySet()", hasItem(startsWith("/v1/recall")))
        .body("paths.keySet()", hasItem("/internal/v1/index/operations"))
        .body("paths.keySet()", hasItem("/internal/v1/similar"))
        .body("paths.keySet()", hasItem("/v1/context"))
        .body("paths.keySet()", hasItem("/v1/embeddings"));
  }
}
