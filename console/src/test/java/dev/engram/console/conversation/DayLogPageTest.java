package dev.engram.console.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
class DayLogPageTest {

  private ServiceStub stub;

  @BeforeEach
  void reset() {
    stub = StubbedServices.fresh();
  }

  @Test
  void aChatsDayIsShownAsTheTextItIs() {
    stub.answer(
        "GET /v1/days/2026-11-01",
        200,
        "# telegram:1, 2026-11-01\n\n**alice** (10:00): " + Fixtures.HOSTILE + "\n");
    String html =
        Browser.signedInAs(TestKeys.AGENT)
            .page("/conversations?agent=bot1&chat=telegram:1&date=2026-11-01");

    assertEquals("agent=bot1&chat=telegram%3A1", stub.queryOf("/v1/days/2026-11-01"));
    assertTrue(html.contains("<pre class=\"daylog\"># telegram:1, 2026-11-01"), html);
    assertTrue(html.contains("**alice** (10:00): " + Fixtures.HOSTILE_ESCAPED));
    assertFalse(html.contains("<img"));
    assertEquals(List.of("Bearer " + TestKeys.AGENT), stub.authorizationsTo("/v1/days/"));
  }

  @Test
  void aDayLogNeedsAgentChatAndADateBeforeAnythingIsAsked() {
    Browser browser = Browser.signedInAs(TestKeys.AGENT);
    browser.page("/conversations");
    assertTrue(
        browser
            .page("/conversations?agent=bot1&date=2026-11-01")
            .contains("needs an agent, a chat"));
    assertTrue(
        browser
            .page("/conversations?agent=bot1&chat=c&date=2026-13-45")
            .contains("The date must look like 2026-11-28."));
    assertTrue(stub.received().stream().noneMatch(r -> r.path().startsWith("/v1/days/")));
  }

  @Test
  void capturesRefusalIsShownInItsWords() {
    stub.refuse("GET /v1/days/2026-11-01", 400, "chat is required");
    String html =
        Browser.signedInAs(TestKeys.AGENT)
            .get("/conversations?agent=bot1&chat=c&date=2026-11-01")
            .then()
            .statusCode(400)
            .extract()
            .asString();
    assertTrue(html.contains("capture-service said: chat is required"), html);
  }
}
