package dev.engram.graph.currentfacts;

import static dev.engram.graph.support.Ops.fact;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.Ops;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/**
 * The stored-facts warm-up asks about subjects the store holds, in the scope their facts were said
 * in, so each of its requests reads rows (facts and the beliefs read), not an empty answer.
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
            fact(T, 3, "Olu", "works_at", "Initech").scope("GLOBAL", null, null).op()));
    warmup.close(); // forget what an earlier test's store gave
    List<StoredFactsWarmup.Sample> samples = warmup.samples();
    assertFalse(samples.isEmpty(), "the store holds current facts");
    assertTrue(samples.size() <= StoredFactsWarmup.SAMPLES);
    for (int round = 0; round < samples.size(); round++) {
      Map<String, Object> request = warmup.request(round);
      given()
          .header("Authorization", TestKeys.INTERNAL)
          .contentType("application/json")
          .body(request)
          .post("/internal/v1/graph/facts/current")
          .then()
          .statusCode(200)
          .body("facts", not(empty()))
          .body("beliefs", notNullValue());
    }
  }
}
