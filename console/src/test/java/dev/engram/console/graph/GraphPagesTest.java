package dev.engram.console.graph;

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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class GraphPagesTest {

  private ServiceStub graph;

  @BeforeEach
  void reset() {
    StubbedServices.fresh();
    graph = StubbedServices.graph();
  }

  @Test
  void findingAnEntityByNameOpensItsPage() {
    graph.answer("GET /v1/entities", 200, GraphVaultFixtures.entityFacts("Alice", "Berlin"));
    Browser admin = Browser.signedInAs(TestKeys.ADMIN);
    admin
        .get("/graph?name=Alice Smith")
        .then()
        .statusCode(303)
        .header("Location", org.hamcrest.Matchers.endsWith("/graph/entities/e-1"));
    assertEquals("name=Alice+Smith", graph.queryOf("/v1/entities"));
    assertEquals(List.of("Bearer " + TestKeys.ADMIN), graph.authorizationsTo("/v1/entities"));
  }

  @Test
  void anUnknownNameIsAMessageAndTheCentralEntitiesStillShow() {
    graph
        .refuse("GET /v1/entities", 404, "No entity nobody")
        .answer("GET /v1/centrality", 200, GraphVaultFixtures.ranking(Fixtures.HOSTILE));
    String html = Browser.signedInAs(TestKeys.ADMIN).page("/graph?name=nobody");
    assertTrue(html.contains("No entity is known by that name or alias."), html);
    assertTrue(html.contains("<a href=\"/graph/entities/e-1\">" + Fixtures.HOSTILE_ESCAPED));
    assertFalse(html.contains("<img"), html);
    assertEquals("limit=20", graph.queryOf("/v1/centrality"));
  }

  @Test
  void anEntitysPageShowsItsFactsTimelineAndNeighboursAsLinks() {
    GraphVaultFixtures.everyPage(graph, StubbedServices.vault());
    graph
        .answer(
            "GET /v1/entities/e-1", 200, GraphVaultFixtures.entityFacts("Alice", Fixtures.HOSTILE))
        .answer("GET /v1/entities/e-1/timeline", 200, GraphVaultFixtures.timeline(Fixtures.HOSTILE))
        .answer("POST /v1/traverse", 200, GraphVaultFixtures.traversal(Fixtures.HOSTILE));
    String html = Browser.signedInAs(TestKeys.ADMIN).page("/graph/entities/e-1");

    assertFalse(html.contains("<img"), html);
    assertTrue(html.contains("<h1>Alice</h1>"), html);
    assertTrue(html.contains("Alice alias"), "the aliases");
    // a fact links both of its entities
    assertTrue(
        html.contains(
            "<a href=\"/graph/entities/e-1\">Alice</a></td><td>lives_in</td><td><a"
                + " href=\"/graph/entities/e-2\">"
                + Fixtures.HOSTILE_ESCAPED),
        html);
    // the timeline keeps the invalidated fact, with when and by which fact it ended
    assertTrue(html.contains("<tr class=\"invalidated\">"), html);
    assertTrue(html.contains("2026-06-02T00:00:00Z (by fact 99)"), html);
    assertTrue(html.contains("<a href=\"/memories/41\">41</a>"), "its source memory");
    // neighbours: an entity and a memory, each a link; the seed itself is not listed
    assertTrue(html.contains("<a href=\"/memories/41\">Alice moved</a>"), html);
    assertTrue(graph.writes().get(0).body().contains("\"entities\":[\"e-1\"]"));
    assertTrue(graph.writes().get(0).body().contains("\"max_depth\":1"));
    assertEquals(
        List.of("Bearer " + TestKeys.ADMIN),
        graph.received().stream().map(ServiceStub.Received::authorization).distinct().toList());
  }

  @Test
  void asOfIsSentAsAnInstantAndSomethingElseIsAMessage() {
    GraphVaultFixtures.everyPage(graph, StubbedServices.vault());
    Browser admin = Browser.signedInAs(TestKeys.ADMIN);
    admin.page("/graph/entities/e-1?as_of=2026-03-01");
    assertEquals("as_of=2026-03-01T00%3A00%3A00Z", graph.queryOf("/v1/entities/e-1"));

    StubbedServices.fresh();
    GraphVaultFixtures.everyPage(graph, StubbedServices.vault());
    String html = admin.page("/graph/entities/e-1?as_of=last+tuesday");
    assertTrue(html.contains("Not a time"), html);
    assertEquals(null, graph.queryOf("/v1/entities/e-1"), "asked for the facts of now");
  }

  @Test
  void aGraphRefusalIsShownInItsWords() {
    graph.refuse("GET /v1/entities/e-9", 404, "No entity e-9");
    String html =
        Browser.signedInAs(TestKeys.AGENT)
            .get("/graph/entities/e-9")
            .then()
            .statusCode(404)
            .extract()
            .asString();
    assertTrue(html.contains("graph-service said: No entity e-9"), html);
  }
}
