package dev.engram.recall;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.AGENT_T2_KEY;
import static dev.engram.recall.IndexFixture.INTERNAL_KEY;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.engram.recall.index.DocBuilder;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.lucene.LuceneIndexStore;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A service started on an index built with another embedding model: it stays ready (a reindex must
 * be able to reach it), says so in readiness, and refuses to mix vectors until the tenant is reset.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@TestProfile(ModelChangeTest.IndexOfAnotherModel.class)
class ModelChangeTest {

  /** An index whose tenant t1 was embedded with "older-model" (same vector length). */
  public static class IndexOfAnotherModel implements QuarkusTestProfile {
    // The same in every class loader that instantiates the profile, new for every test JVM.
    static final Path DIR =
        Path.of("target", "model-change", Long.toString(ProcessHandle.current().pid()), "index");

    @Override
    public Map<String, String> getConfigOverrides() {
      if (!Files.exists(DIR)) {
        try (var store = new LuceneIndexStore(DIR, "older-model", 384)) {
          float[] v = new float[384];
          v[0] = 1f;
          store.apply(
              List.of(
                  new IndexOperation.Upsert(
                      DocBuilder.memory("t1", 1, null, null, "an old memory").build(), v)));
        }
      }
      return Map.of("engram.recall.index-dir", DIR.toString());
    }
  }

  @Test
  void refusesToMixUntilTheTenantIsRebuilt() {
    given()
        .when()
        .get("/q/health/ready")
        .then()
        .statusCode(200)
        .body("checks.find { it.name == 'recall-index' }.data.reindex_required", equalTo("true"))
        .body("checks.find { it.name == 'recall-index' }.data.index_model", equalTo("older-model"))
        .body(
            "checks.find { it.name == 'recall-index' }.data.model", equalTo("all-minilm-l6-v2-q"));

    recall(AGENT_T1_KEY)
        .statusCode(409)
        .contentType("application/problem+json")
        .body("code", equalTo("reindex_required"))
        .body("detail", containsString("older-model"))
        .body("detail", containsString("all-minilm-l6-v2-q"))
        .body("detail", containsString("POST /v1/admin/reindex"))
        .body("index_model", equalTo("older-model"));
    recall(AGENT_T2_KEY).statusCode(200); // another tenant is not affected

    IndexFixture.post(
            INTERNAL_KEY, Map.of("operations", List.of(upsert(memory("t1", 2, null, null, "new")))))
        .statusCode(409)
        .body("code", equalTo("reindex_required"));
    IndexFixture.index(reset("t1"), upsert(memory("t1", 2, null, null, "a new memory")));
    recall(AGENT_T1_KEY).statusCode(200).body("items[0].id", equalTo(2));
    given()
        .when()
        .get("/q/health/ready")
        .then()
        .body("checks.find { it.name == 'recall-index' }.data.reindex_required", equalTo("false"))
        .body(
            "checks.find { it.name == 'recall-index' }.data.index_model",
            equalTo("all-minilm-l6-v2-q"));
  }

  private static ValidatableResponse recall(String key) {
    return given()
        .header("Authorization", "Bearer " + key)
        .contentType(ContentType.JSON)
        .body(Map.of("agent", "bot1", "query", "memory"))
        .when()
        .post("/v1/recall")
        .then();
  }
}
