package dev.engram.graph.metrics;

import static dev.engram.graph.support.Ops.fact;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.Ops;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/** graph-service's own meters exist from the start and move when the graph is fed and asked. */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class GraphMetricsTest {

  private static final String T = "tenant-metrics";

  @Inject Driver driver;

  @Test
  void ingestCentralityAndQueryLatencyAreMeasured() {
    GraphDump.wipe(driver, T);
    String before = scrape();
    for (String series :
        List.of(
            "engram_graph_ingest_batch_seconds_count{outcome=\"succeeded\"}",
            "engram_graph_ingest_results_total{outcome=\"applied\"}",
            "engram_graph_ingest_facts_sum",
            "engram_graph_centrality_run_seconds_count")) {
      assertTrue(before.contains(series), "registered before any batch: " + series);
    }

    Ops.apply(
        List.of(
            fact(T, 1, "Ines", "lives_in", "Porto").op(),
            fact(T, 2, "Joao", "lives_in", "Porto").op()));
    given().header("Authorization", TestKeys.ADMIN_A).post("/v1/centrality").then().statusCode(200);
    given()
        .header("Authorization", TestKeys.AGENT_A)
        .get("/v1/entities/Porto")
        .then()
        .statusCode(200);
    String after = scrape();

    assertEquals(
        1,
        value(after, "engram_graph_ingest_batch_seconds_count{outcome=\"succeeded\"}")
            - value(before, "engram_graph_ingest_batch_seconds_count{outcome=\"succeeded\"}"));
    assertEquals(
        2,
        value(after, "engram_graph_ingest_facts_sum")
            - value(before, "engram_graph_ingest_facts_sum"));
    assertEquals(
        2,
        value(after, "engram_graph_ingest_results_total{outcome=\"applied\"}")
            - value(before, "engram_graph_ingest_results_total{outcome=\"applied\"}"));
    assertTrue(
        value(after, "engram_graph_centrality_run_seconds_count")
            > value(before, "engram_graph_centrality_run_seconds_count"));
    assertTrue(
        after.contains("engram_graph_centrality_run_seconds_bucket{le=\"0.25\"}"),
        "centrality runs are a histogram");
    assertTrue(
        after
            .lines()
            .anyMatch(
                l ->
                    l.startsWith("http_server_requests_seconds_bucket{")
                        && l.contains("uri=\"/v1/entities/{ref}\"")
                        && l.contains("le=\"0.1\"")),
        "query latency per endpoint, as a histogram");
  }

  /** The scrape, with the text format's optional trailing comma in label sets dropped. */
  private static String scrape() {
    return given().get("/q/metrics").then().statusCode(200).extract().asString().replace(",}", "}");
  }

  /** The value of the one series that starts with {@code series} (name and labels). */
  private static double value(String scrape, String series) {
    return scrape
        .lines()
        .filter(l -> l.startsWith(series + " "))
        .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no series " + series));
  }
}
