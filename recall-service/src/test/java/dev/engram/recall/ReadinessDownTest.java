package dev.engram.recall;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With an index directory that cannot be created the service runs, but says it is not ready. */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@TestProfile(ReadinessDownTest.BlockedIndexDirectory.class)
class ReadinessDownTest {

  /** Points the index below a regular file, where no directory can be made. */
  public static class BlockedIndexDirectory implements QuarkusTestProfile {
    // A fixed name: the profile is instantiated in more than one class loader.
    static final Path FILE = Path.of("target", "readiness-down", "not-a-directory");

    @Override
    public Map<String, String> getConfigOverrides() {
      try {
        Files.createDirectories(FILE.getParent());
        Files.writeString(FILE, "a file where the index directory should be");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return Map.of("engram.recall.index-dir", FILE.resolve("index").toString());
    }
  }

  @Test
  void readinessNamesTheIndexAndWhy() {
    given()
        .when()
        .get("/q/health/ready")
        .then()
        .statusCode(503)
        .body("status", equalTo("DOWN"))
        .body("checks.find { it.name == 'recall-index' }.status", equalTo("DOWN"))
        .body(
            "checks.find { it.name == 'recall-index' }.data.reason",
            containsString(BlockedIndexDirectory.FILE.toAbsolutePath().toString()))
        .body("checks.find { it.name == 'embedding-model' }.status", equalTo("UP"));
    given().when().get("/q/health/live").then().statusCode(200);
  }

  @Test
  void requestsGetARetriable503() {
    given()
        .header("Authorization", "Bearer " + IndexFixture.AGENT_T1_KEY)
        .contentType(ContentType.JSON)
        .body(Map.of("agent", "bot1", "query", "anything"))
        .when()
        .post("/v1/recall")
        .then()
        .statusCode(503)
        .contentType("application/problem+json")
        .body("code", equalTo("index_unavailable"));
  }
}
