package dev.engram.console.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.console.support.Browser;
import dev.engram.console.support.Fixtures;
import dev.engram.console.support.MovableClock;
import dev.engram.console.support.ServiceStub;
import dev.engram.console.support.StubbedServices;
import dev.engram.console.support.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class HealthPageTest {

  private static final String READY =
      "{\"status\":\"UP\",\"checks\":[{\"name\":\"Database connections health check\",\"status\":\"UP\"}]}";

  @Inject MovableClock clock;

  private ServiceStub stub;

  @BeforeEach
  void reset() {
    stub = StubbedServices.fresh();
  }

  @Test
  void anAdminSeesThePoolTheReflectorAndTheOutbox() {
    stub.answer("GET /v1/stats", 200, Fixtures.STATS);
    String html = Browser.signedInAs(TestKeys.ADMIN).page("/health");

    assertTrue(
        html.contains("<td>120</td><td>11</td><td>7</td><td>5</td><td>2</td>"), "pool:\n" + html);
    assertTrue(html.contains("<th scope=\"row\">Turns (exchanges)</th><td>900</td><td>3</td>"));
    assertTrue(html.contains("<dt>Turns waiting</dt><dd>14</dd>"));
    assertTrue(html.contains("880 (35.5 a second)"));
    assertTrue(html.contains("inserted 150, touched 20, superseded 5, skipped 25"));
    assertTrue(
        html.contains("<th scope=\"row\">graph</th><td>9</td><td>1</td><td>12.25</td>"), html);
    assertEquals(List.of("Bearer " + TestKeys.ADMIN), stub.authorizationsTo("/v1/stats"));
  }

  @Test
  void anAgentKeySeesWhyNot() {
    stub.refuse("GET /v1/stats", 403, "needs one of the roles admin, ops");
    String html = Browser.signedInAs(TestKeys.AGENT).page("/health");
    assertTrue(html.contains("capture-service: needs one of the roles admin, ops"), html);
  }

  private String run(long id, Duration ago, int inserted, int skipped) {
    return """
        {"id":%d,"trigger":"SCHEDULE","status":"SUCCEEDED","extractor":"deterministic",
         "started_at":"%s","finished_at":null,"chats":1,"exchanges_read":20,"extracted":%d,
         "inserted":%d,"touched":2,"superseded":1,"skipped":%d,"quarantined":0,"archived":0,
         "decayed":0,"failed_batches":0,"error":null}
        """
        .formatted(id, clock.instant().minus(ago), inserted + 3 + skipped, inserted, skipped);
  }

  @Test
  void theReflectorsDayIsAChartAndATableOfItsHours() {
    stub.answer("GET /v1/stats", 200, Fixtures.STATS)
        .answer(
            "GET /v1/reflector/runs",
            200,
            "{\"items\":[%s,%s,%s],\"next_cursor\":null}"
                .formatted(
                    run(3, Duration.ofMinutes(30), 5, 4),
                    run(2, Duration.ofMinutes(330), 7, 0),
                    run(1, Duration.ofHours(30), 100, 100)));
    String html = Browser.signedInAs(TestKeys.ADMIN).page("/health");

    assertEquals("limit=200", stub.queryOf("/v1/reflector/runs"));
    // the run of 30 h ago is not in the day
    assertTrue(
        html.contains(
            "2 runs read 40 turns and extracted 22 memories: inserted 12, updated 6, skipped 4."),
        html);
    assertTrue(
        html.contains(
            "<th scope=\"row\">the last hour</th><td>1</td><td>20</td><td>12</td><td>5</td><td>3</td><td>4</td>"),
        html);
    assertTrue(html.contains("<th scope=\"row\">5–6 h ago</th><td>1</td>"), html);
    assertTrue(html.contains("role=\"img\" aria-labelledby=\"reflector-title\""), html);
    assertTrue(html.contains("<title id=\"reflector-title\">Memories the Reflector inserted"));
    assertTrue(
        html.contains("<title>the last hour, inserted: 5</title>"), "each bar says its number");
    assertTrue(html.contains("<title id=\"pool-title\">Memories by status</title>"), html);
  }

  @Test
  void injectionCoverageIsShownWhenCaptureReportsIt() {
    stub.answer("GET /v1/stats", 200, Fixtures.STATS);
    String before = Browser.signedInAs(TestKeys.ADMIN).page("/health");
    assertTrue(before.contains("Not recorded yet"), before);

    stub.answer(
        "GET /v1/stats",
        200,
        Fixtures.STATS
            .strip()
            .replaceFirst(
                "}$",
                ",\"injections\":{\"last_24h\":{\"records\":12,\"selected\":30,\"candidates\":120}}}"));
    String html = Browser.signedInAs(TestKeys.ADMIN).page("/health");
    assertTrue(
        html.contains("12 context answers selected 30 items of 120 candidates: coverage 25 %."),
        html);
    assertTrue(html.contains("<title id=\"coverage-title\">"), html);
  }

  @Test
  void eachServicesReadinessIsAskedWithoutAKey() {
    stub.answer("GET /v1/stats", 200, Fixtures.STATS).answer("GET /q/health/ready", 200, READY);
    StubbedServices.graph()
        .answer(
            "GET /q/health/ready",
            503,
            "{\"status\":\"DOWN\",\"checks\":[{\"name\":\"Neo4j connection health check\",\"status\":\"DOWN\"}]}");
    String html = Browser.signedInAs(TestKeys.ADMIN).page("/health");

    assertTrue(
        html.contains(
            "<th scope=\"row\">capture-service</th>\n      <td><span class=\"notice\">UP</span></td>"),
        html);
    assertTrue(html.contains("<strong class=\"error\">DOWN</strong>"), html);
    assertTrue(html.contains("Neo4j connection health check: DOWN"), html);
    // vault's stub knows no readiness: answered 404, not a readiness answer
    assertTrue(
        html.contains(
            "<th scope=\"row\">vault-service</th>\n      <td><strong class=\"error\">answered 404</strong>"),
        html);
    java.util.List<String> keys = new java.util.ArrayList<>();
    keys.addAll(stub.authorizationsTo("/q/health"));
    keys.addAll(StubbedServices.graph().authorizationsTo("/q/health"));
    keys.addAll(StubbedServices.vault().authorizationsTo("/q/health"));
    assertEquals(4, keys.size(), "capture, recall (one stub here), graph and vault");
    assertTrue(keys.stream().allMatch(java.util.Objects::isNull), "no key on a readiness call");
  }
}
