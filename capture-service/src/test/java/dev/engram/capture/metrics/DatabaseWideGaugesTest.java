package dev.engram.capture.metrics;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.CaptureTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Gauges that count the whole database (the same on every pod) say so: scope="database" and a help
 * text that says to aggregate with max. The Reflector's series exist before its first run, so an
 * alert on failed runs can see the first one.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class DatabaseWideGaugesTest {

  private static final List<String> DATABASE_WIDE =
      List.of(
          "engram_outbox_pending",
          "engram_outbox_lag_seconds",
          "engram_outbox_dead",
          "engram_memories",
          "engram_memories_low_confidence",
          "engram_exchanges_quarantined",
          "engram_reflector_pending");

  @Test
  void databaseWideGaugesCarryTheScopeAndSayMax() {
    List<String> lines = scrape().lines().toList();
    for (String name : DATABASE_WIDE) {
      List<String> samples = lines.stream().filter(l -> l.startsWith(name + "{")).toList();
      assertTrue(!samples.isEmpty(), "no samples of " + name);
      samples.forEach(s -> assertTrue(s.contains("scope=\"database\""), s));
      assertTrue(
          lines.stream()
              .anyMatch(
                  l -> l.startsWith("# HELP " + name + " ") && l.endsWith("aggregate with max)")),
          "help text of " + name);
    }
    assertEquals(
        0,
        lines.stream()
            .filter(l -> l.startsWith("engram_outbox_delivered_total{"))
            .filter(l -> l.contains("scope="))
            .count(),
        "per-pod counters are summed, so they carry no scope");
  }

  @Test
  void everyReflectorOutcomeHasASeriesFromTheStart() {
    String scrape = scrape();
    assertTrue(scrape.contains("engram_reflector_runs_total{status=\"failed\"}"), scrape);
    assertTrue(scrape.contains("engram_reflector_memories_total{outcome=\"inserted\"}"));
  }

  /** The scrape, with the text format's optional trailing comma in label sets dropped. */
  private static String scrape() {
    return given().get("/q/metrics").then().statusCode(200).extract().asString().replace(",}", "}");
  }
}
