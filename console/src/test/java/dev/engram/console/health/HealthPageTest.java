package dev.engram.console.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.console.support.Browser;
import dev.engram.console.support.Fixtures;
import dev.engram.console.support.ServiceStub;
import dev.engram.console.support.StubbedServices;
import dev.engram.console.support.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class HealthPageTest {

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
}
