package dev.engram.console.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.console.support.Browser;
import dev.engram.console.support.Fixtures;
import dev.engram.console.support.GraphVaultFixtures;
import dev.engram.console.support.ServiceStub;
import dev.engram.console.support.StubbedServices;
import dev.engram.console.support.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class BeliefPagesTest {

  private ServiceStub graph;

  @BeforeEach
  void reset() {
    StubbedServices.fresh();
    graph = StubbedServices.graph();
  }

  @Test
  void contradictionsShowBothMemoriesAndTheContradictedBeliefsEscaped() {
    graph.answer(
        "GET /v1/contradictions", 200, GraphVaultFixtures.contradictions(Fixtures.HOSTILE));
    Browser admin = Browser.signedInAs(TestKeys.ADMIN);
    assertTrue(admin.page("/review").contains("<a href=\"/review/beliefs\">"), "linked");

    String html = admin.page("/review/beliefs");
    assertFalse(html.contains("<img"), html);
    assertTrue(html.contains("<a href=\"/memories/41\">41</a>: " + Fixtures.HOSTILE_ESCAPED), html);
    assertTrue(html.contains("<a href=\"/memories/42\">42</a>: Alice lives in Paris"), html);
    assertTrue(html.contains("0.3 (uncertain)"), "a contradicted belief of low confidence");
    assertTrue(html.contains("name=\"statement\" value=\"" + Fixtures.HOSTILE_ESCAPED + "\""));
    assertEquals("limit=50", graph.queryOf("/v1/contradictions"));
    assertEquals(List.of("Bearer " + TestKeys.ADMIN), graph.authorizationsTo("/v1/contradictions"));
  }

  @Test
  void aStatementsBeliefIsShownWithItsEvidenceAndStanding() {
    GraphVaultFixtures.everyPage(graph, StubbedServices.vault());
    String html =
        Browser.signedInAs(TestKeys.AGENT).page("/review/beliefs?statement=Alice lives in Berlin");
    assertEquals("statement=Alice+lives+in+Berlin", graph.queryOf("/v1/beliefs"));
    assertTrue(html.contains("<td>uncertain</td>"), html);
    assertTrue(html.contains("<td>NAL</td>"), "its evidence");
  }

  @Test
  void aVerdictIsEvidenceSentWithThePersonsKey() {
    GraphVaultFixtures.everyPage(graph, StubbedServices.vault());
    Browser admin = Browser.signedInAs(TestKeys.ADMIN);
    admin
        .post(
            "/review/beliefs/evidence",
            admin.csrf(),
            Map.of("statement", "Alice lives in Berlin", "verdict", "false"))
        .then()
        .statusCode(303)
        .header(
            "Location",
            org.hamcrest.Matchers.endsWith(
                "/review/beliefs?statement=Alice+lives+in+Berlin&done=false"));
    ServiceStub.Received sent = graph.writes().get(0);
    assertEquals("/v1/beliefs/evidence", sent.path());
    assertEquals("Bearer " + TestKeys.ADMIN, sent.authorization());
    assertEquals(
        "{\"statement\":\"Alice lives in Berlin\",\"strength\":0.0,\"confidence\":0.9,"
            + "\"source\":\"console:admin-1\"}",
        sent.body());
  }

  @Test
  void aVerdictThatIsNeitherTrueNorFalseSendsNothing() {
    Browser admin = Browser.signedInAs(TestKeys.ADMIN);
    admin
        .post(
            "/review/beliefs/evidence", admin.csrf(), Map.of("statement", "x", "verdict", "maybe"))
        .then()
        .statusCode(303);
    admin
        .post("/review/beliefs/evidence", admin.csrf(), Map.of("statement", " ", "verdict", "true"))
        .then()
        .statusCode(303);
    assertEquals(List.of(), graph.writes());
  }
}
