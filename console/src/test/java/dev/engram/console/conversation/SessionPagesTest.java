package dev.engram.console.conversation;

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

/** A chat's sessions and summaries, and one session with its handoff and checkpoint. */
@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class SessionPagesTest {

  private ServiceStub stub;

  @BeforeEach
  void reset() {
    stub = StubbedServices.fresh();
  }

  @Test
  void aChatsSessionsAndSummariesAreAskedWithThePersonsKeyAndShownEscaped() {
    String summary =
        Fixtures.memory(70, "Day: " + Fixtures.HOSTILE)
            .replace(
                "\"metadata\":{\"origin\":\"Day: <img src=x onerror=alert(1)>\"}",
                "\"metadata\":{\"level\":\"day\",\"start\":\"2026-11-01\",\"end\":\"2026-11-02\"}");
    stub.answer(
            "GET /v1/sessions",
            200,
            PageFixtures.sessions(
                "12",
                PageFixtures.session("s2", "trip", Fixtures.HOSTILE),
                PageFixtures.session("s/1", null, "Planned")))
        .answer("GET /v1/memories", 200, Fixtures.page(summary));
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    String html = browser.page("/conversations/sessions?agent=bot1&chat=telegram:1");

    assertEquals("agent=bot1&chat=telegram%3A1&limit=50", stub.queryOf("/v1/sessions"));
    assertEquals(
        "agent=bot1&chat=telegram%3A1&source=summary&limit=50", stub.queryOf("/v1/memories"));
    assertEquals(
        List.of("Bearer " + TestKeys.AGENT, "Bearer " + TestKeys.AGENT),
        stub.received().stream()
            .filter(r -> r.path().startsWith("/v1/sessions") || r.path().equals("/v1/memories"))
            .map(ServiceStub.Received::authorization)
            .toList());
    assertTrue(html.contains(Fixtures.HOSTILE_ESCAPED), html);
    assertFalse(html.contains("<img"), html);
    assertTrue(html.contains("href=\"/conversations/sessions/s2?agent=bot1\""), html);
    assertTrue(html.contains("href=\"/conversations/sessions/s%2F1?agent=bot1\""), html);
    assertTrue(
        html.contains(
            "href=\"/conversations/sessions?agent=bot1&amp;chat=telegram%3A1&amp;cursor=12\""
                + " rel=\"next\""),
        html);
    assertTrue(html.contains("<td><a href=\"/memories/70\">70</a></td>"), html);
    assertTrue(html.contains("<td>day</td>"), html);
    assertTrue(html.contains("<td>2026-11-01</td>"), html);
  }

  @Test
  void withoutAnAgentAndAChatNothingIsAsked() {
    Browser browser = Browser.signedInAs(TestKeys.AGENT);
    assertTrue(browser.page("/conversations/sessions").contains("<h1>Sessions</h1>"));
    assertTrue(
        browser
            .page("/conversations/sessions?agent=bot1")
            .contains("Sessions need an agent and a chat."));
    assertEquals(List.of("/v1/keys/me"), stub.received().stream().map(r -> r.path()).toList());
  }

  @Test
  void aSessionShowsItsSummaryTheThreadsHandoffAndWhereNoCheckpointIs() {
    stub.answer(
            "GET /v1/sessions/s2",
            200,
            PageFixtures.session("s2", "trip", "Summary " + Fixtures.HOSTILE))
        .answer(
            "GET /v1/agents/bot1/threads/trip/slots/handoff",
            200,
            PageFixtures.note("THREAD", "trip", "handoff", "Handoff " + Fixtures.HOSTILE, 5));
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    String html = browser.page("/conversations/sessions/s2?agent=bot1");

    assertEquals("agent=bot1", stub.queryOf("/v1/sessions/s2"));
    assertTrue(html.contains("Summary " + Fixtures.HOSTILE_ESCAPED), html);
    assertTrue(html.contains("Handoff " + Fixtures.HOSTILE_ESCAPED), html);
    assertFalse(html.contains("<img"), html);
    assertTrue(html.contains("The latest handoff kept for thread trip (version 5"), html);
    assertTrue(html.contains("None written yet for thread trip."), html);
    assertEquals(
        List.of("Bearer " + TestKeys.AGENT, "Bearer " + TestKeys.AGENT),
        stub.authorizationsTo("/v1/agents/bot1/threads/trip/slots/"));
    assertTrue(
        html.contains("href=\"/conversations/sessions?agent=bot1&amp;chat=telegram%3A1\""), html);
  }

  @Test
  void aRefusalIsShownInCapturesWords() {
    stub.refuse("GET /v1/sessions/s9", 404, "No session s9 of agent bot1");
    Response r = Browser.signedInAs(TestKeys.AGENT).get("/conversations/sessions/s9?agent=bot1");
    assertEquals(404, r.statusCode());
    assertTrue(r.asString().contains("capture-service said: No session s9 of agent bot1"));
  }
}
