package dev.engram.console.injection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.console.support.Browser;
import dev.engram.console.support.Fixtures;
import dev.engram.console.support.PageFixtures;
import dev.engram.console.support.ServiceStub;
import dev.engram.console.support.StubbedServices;
import dev.engram.console.support.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the agent was told: a chat's records, one record in full, deleting one or a chat's. */
@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class InjectionPagesTest {

  private ServiceStub stub;

  @BeforeEach
  void reset() {
    stub = StubbedServices.fresh();
  }

  @Test
  void aChatsRecordsNewestFirstWithTheirNumbersAndANextPage() {
    stub.answer(
        "GET /v1/injections",
        200,
        PageFixtures.injections(
            "6",
            PageFixtures.injectionSummary(8, Fixtures.HOSTILE),
            PageFixtures.injectionSummary(7, "tea?")));
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    String html = browser.page("/injections?agent=bot1&chat=telegram:1");

    assertEquals("agent=bot1&chat=telegram%3A1&limit=50", stub.queryOf("/v1/injections"));
    assertEquals(List.of("Bearer " + TestKeys.AGENT), stub.authorizationsTo("/v1/injections"));
    assertTrue(html.indexOf("href=\"/injections/8\"") < html.indexOf("href=\"/injections/7\""));
    assertTrue(html.contains(Fixtures.HOSTILE_ESCAPED), html);
    assertFalse(html.contains("<img"), html);
    assertTrue(html.contains("<td>512 / 800 (truncated)</td>"), html);
    assertTrue(html.contains("<td>6 / 40</td>"), html);
    assertTrue(
        html.contains(
            "href=\"/injections?agent=bot1&amp;chat=telegram%3A1&amp;cursor=6\" rel=\"next\""),
        html);
    assertTrue(html.contains("href=\"/injections/delete?agent=bot1&amp;chat=telegram%3A1\""), html);
  }

  @Test
  void withoutAnAgentNothingIsAsked() {
    String html = Browser.signedInAs(TestKeys.AGENT).page("/injections?chat=telegram:1");
    assertTrue(html.contains("<h1>What the agent was told</h1>"));
    assertEquals(List.of("/v1/keys/me"), stub.received().stream().map(r -> r.path()).toList());
  }

  @Test
  void aRecordShowsItsSectionsItemsAndWhatWasLeftOut() {
    stub.answer("GET /v1/injections/7", 200, PageFixtures.injection(Fixtures.HOSTILE));
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    String html = browser.page("/injections/7");

    assertEquals(List.of("Bearer " + TestKeys.AGENT), stub.authorizationsTo("/v1/injections/7"));
    assertTrue(html.contains(Fixtures.HOSTILE_ESCAPED), html);
    assertFalse(html.contains("<img"), html);
    assertTrue(html.contains("working_memory · 40 tokens"), html);
    assertTrue(html.contains("L2 relevance · 300 tokens"), html);
    assertTrue(html.contains("<a href=\"/memories/41\">memory 41</a>"), html);
    assertTrue(html.contains("<a href=\"/memories/42\">memory:42</a>"), html);
    assertTrue(html.contains("<td>exchange 9</td>"), html);
    assertTrue(html.contains("semantic #1 (0.83), keyword #2 (3.5)"), html);
    assertTrue(
        html.contains("<a href=\"/memories/43\">memory 43</a>: over the section&#39;s budget"),
        html);
    assertTrue(html.contains("graph: graph-service did not answer in time"), html);
    assertTrue(html.contains("512 of a budget of 800 (truncated)"), html);
    assertTrue(html.contains("6 selected of 40 candidates, 34 omitted"), html);
  }

  @Test
  void deletingOneAsksFirstThenDeletesItWithThePersonsKey() {
    stub.answer("GET /v1/injections/7", 200, PageFixtures.injection("tea"))
        .answer("DELETE /v1/injections/7", 204, "");
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);

    String confirm = browser.page("/injections/7/delete");
    assertTrue(
        confirm.contains(
            "<form method=\"post\" action=\"/injections/7/delete?agent=bot1&amp;chat=telegram%3A1\">"),
        confirm);
    assertEquals(List.of(), stub.writes());

    Response r = browser.post("/injections/7/delete?agent=bot1&chat=telegram:1", browser.csrf());
    assertEquals(303, r.statusCode());
    assertTrue(
        r.header("Location").endsWith("/injections?agent=bot1&chat=telegram%3A1&deleted=7"),
        r.header("Location"));
    assertEquals(
        List.of("DELETE /v1/injections/7 Bearer " + TestKeys.ADMIN),
        stub.writes().stream()
            .map(w -> w.method() + " " + w.path() + " " + w.authorization())
            .toList());
  }

  @Test
  void deletingAChatsRecordsAsksFirstThenDeletesThemAll() {
    stub.answer("DELETE /v1/injections", 204, "")
        .answer("GET /v1/injections", 200, PageFixtures.injections(null));
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);

    String confirm = browser.page("/injections/delete?agent=bot1&chat=telegram:1");
    assertTrue(confirm.contains("what agent bot1 was told in chat telegram:1"), confirm);
    assertEquals(List.of(), stub.writes());
    assertEquals(404, browser.get("/injections/delete?agent=bot1").statusCode());

    Response r = browser.post("/injections/delete?agent=bot1&chat=telegram:1", browser.csrf());
    assertEquals(303, r.statusCode());
    ServiceStub.Received delete = stub.writes().getFirst();
    assertEquals("DELETE /v1/injections", delete.method() + " " + delete.path());
    assertEquals("agent=bot1&chat=telegram%3A1", delete.query());
    assertEquals(1, stub.writes().size());
    assertTrue(
        browser
            .page(r.header("Location").replaceFirst("^https?://[^/]+", ""))
            .contains("The chat&#39;s records were deleted."));
  }

  @Test
  void anUnknownRecordIsCapturesNotFound() {
    stub.refuse("GET /v1/injections/99", 404, "No injection record 99");
    Response r = Browser.signedInAs(TestKeys.AGENT).get("/injections/99");
    assertEquals(404, r.statusCode());
    assertTrue(r.asString().contains("capture-service said: No injection record 99"));
  }
}
