package dev.engram.graph.currentfacts;

import static dev.engram.graph.support.Ops.fact;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.Ops;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/**
 * The stored-facts warm-up asks about subjects the store holds (of current facts, in the scope they
 * were said in, and of beliefs), so each of its requests reads rows, not an empty answer.
 */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class StoredFactsWarmupTest {

  private static final String T = "tenant-warm";

  @Inject StoredFactsWarmup warmup;
  @Inject Driver driver;

  @Test
  void everyRoundAsksAboutAStoredSubjectAndFindsItsFacts() {
    GraphDump.wipe(driver, T);
    Ops.apply(
        List.of(
            fact(T, 1, "Nadia Okafor", "likes", "green tea").scope("CHAT", "bot9", "c9").op(),
            fact(T, 2, "Nadia Okafor", "lives_in", "Lagos").scope("AGENT", "bot9", null).op(),
            fact(T, 3, "Olu", "works_at", "Initech").scope("GLOBAL", null, null).op(),
            Map.of(
                "op",
                "belief_evidence",
                "evidence",
                Map.of(
                    "tenant",
                    T,
                    "id",
                    "warm-e1",
                    "statement",
                    "Priya Raman lives in Pune",
                    "strength",
                    1.0,
                    "confidence",
                    0.9,
                    "source",
                    "dedup",
                    "memory_ids",
                    List.of(42),
                    "recorded_at",
                    "2026-05-08T13:57:00Z"))));
    warmup.close(); // forget what an earlier test's store gave
    List<StoredFactsWarmup.Sample> samples = warmup.samples();
    assertFalse(samples.isEmpty(), "the store holds current facts");
    assertTrue(samples.size() <= StoredFactsWarmup.SAMPLES);
    for (int round = 0; round < samples.size(); round++) {
      Map<String, Object> request = warmup.request(round);
      JsonPath answer =
          given()
              .header("Authorization", TestKeys.INTERNAL)
              .contentType("application/json")
              .body(request)
              .post("/internal/v1/graph/facts/current")
              .then()
              .statusCode(200)
              .body("beliefs", notNullValue())
              .extract()
              .jsonPath();
      assertFalse(
          answer.getList("facts").isEmpty() && answer.getList("beliefs").isEmpty(),
          "round " + round + " read no row: " + request);
    }
  }
}
