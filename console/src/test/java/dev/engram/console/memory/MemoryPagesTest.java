package dev.engram.console.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
class MemoryPagesTest {

  private ServiceStub stub;

  @BeforeEach
  void reset() {
    stub = StubbedServices.fresh();
  }

  @Test
  void theListPassesTheFiltersAndPagesOn() {
    stub.answer(
        "GET /v1/memories",
        200,
        "{\"items\":[" + Fixtures.memory(41, "tea") + "],\"next_cursor\":\"41\"}");
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);

    String html =
        browser.page(
            "/memories?agent=bot1&chat=telegram:1&category=PROFILE&scope=CHAT&status=ARCHIVED");

    assertEquals(
        "agent=bot1&chat=telegram%3A1&category=PROFILE&scope=CHAT&status=ARCHIVED&limit=50",
        stub.queryOf("/v1/memories"));
    assertTrue(
        html.contains(
            "href=\"/memories?agent=bot1&amp;chat=telegram%3A1&amp;category=PROFILE&amp;scope=CHAT"
                + "&amp;status=ARCHIVED&amp;cursor=41\" rel=\"next\""),
        html);
    assertTrue(html.contains("<option value=\"ARCHIVED\" selected>"));
  }

  @Test
  void aFilterValueTheServiceDoesNotKnowMeansAny() {
    stub.answer("GET /v1/memories", 200, Fixtures.page());
    Browser.signedInAs(TestKeys.ADMIN)
        .get("/memories?category=<b>&status=x")
        .then()
        .statusCode(200);
    assertEquals("limit=50", stub.queryOf("/v1/memories"));
  }

  @Test
  void hostileTextStaysTextInTheListTheMemoryAndTheSearch() {
    String hostile = Fixtures.memory(41, Fixtures.HOSTILE);
    stub.answer("GET /v1/memories", 200, Fixtures.page(hostile))
        .answer("GET /v1/memories/41", 200, hostile)
        .answer("GET /v1/memories/41/relations", 200, "{\"items\":[]}")
        .answer("GET /v1/audit", 200, "{\"items\":[],\"next_cursor\":null}")
        .answer("POST /v1/recall", 200, Fixtures.recall(Fixtures.HOSTILE));
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);

    for (String page :
        List.of("/memories", "/memories/41", "/memories/41/forget", "/search?q=x&agent=bot1")) {
      String html = browser.page(page);
      assertTrue(html.contains(Fixtures.HOSTILE_ESCAPED), page + " shows the text");
      assertFalse(html.contains("<img"), page + " made it markup:\n" + html);
    }
  }

  @Test
  void searchShowsEachHitWithTheSignalsThatFoundIt() throws Exception {
    stub.answer("POST /v1/recall", 200, Fixtures.recall("Alice prefers green tea"));
    String html =
        Browser.signedInAs(TestKeys.AGENT)
            .page("/search?q=what does Alice drink&agent=bot1&chat=telegram:1&k=5");

    JsonNode sent =
        new ObjectMapper()
            .readTree(
                stub.received().stream()
                    .filter(r -> r.path().equals("/v1/recall"))
                    .findFirst()
                    .orElseThrow()
                    .body());
    assertEquals(
        new ObjectMapper()
            .readTree(
                "{\"agent\":\"bot1\",\"chat\":\"telegram:1\",\"query\":\"what does Alice drink\",\"k\":5}"),
        sent);
    assertTrue(html.contains("<a href=\"/memories/41\">memory 41</a>"), html);
    assertTrue(html.contains("Alice prefers green tea"));
    assertTrue(html.contains("semantic #1 (0.83), keyword #2 (3.5)"), html);
    assertTrue(html.contains("Signal graph was left out: graph-service did not answer in time"));
  }

  @Test
  void searchWithoutAChatAsksForAgentAndChatLeftOut() throws Exception {
    stub.answer("POST /v1/recall", 200, Fixtures.recall("tea"));
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    String noAgent = browser.page("/search?q=tea");
    assertTrue(noAgent.contains("name the agent"));
    assertTrue(stub.received().stream().noneMatch(r -> r.path().equals("/v1/recall")));

    browser.get("/search?q=tea&agent=bot1&chat=").then().statusCode(200);
    JsonNode sent = new ObjectMapper().readTree(stub.received().getLast().body());
    assertFalse(sent.has("chat"), sent.toString());
  }

  @Test
  void aMemorysPageShowsItsChainProvenanceRelationsAndWhatTheKeyMayNotRead() {
    stub.answer("GET /v1/memories/41", 200, Fixtures.memory(41, "tea"))
        .answer(
            "GET /v1/memories/41/relations",
            200,
            "{\"items\":[{\"id\":1,\"from_memory\":41,\"to_memory\":12,\"type\":\"SUPPORTS\",\"weight\":1.0}]}")
        .refuse("GET /v1/audit", 403, "needs one of the roles admin, ops");
    String html = Browser.signedInAs(TestKeys.AGENT).page("/memories/41");

    assertTrue(html.contains("Replaces <a href=\"/memories/40\">memory 40</a>"), html);
    assertTrue(html.contains("exchange 7, exchange 8"));
    assertTrue(html.contains("deterministic 3"));
    assertTrue(html.contains("SUPPORTS <a href=\"/memories/12\">memory 12</a>"));
    assertTrue(html.contains("capture-service: needs one of the roles admin, ops"));
  }

  @Test
  void forgettingAsksFirstThenDeletesWithThePersonsKey() {
    stub.answer("GET /v1/memories/41", 200, Fixtures.memory(41, "tea"))
        .answer("DELETE /v1/memories/41", 204, "")
        .answer("GET /v1/memories", 200, Fixtures.page());
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    String confirm = browser.page("/memories/41/forget");
    assertTrue(confirm.contains("<form method=\"post\" action=\"/memories/41/forget\">"));
    assertEquals(List.of(), stub.writes(), "asking changes nothing");

    browser
        .post("/memories/41/forget", browser.csrf())
        .then()
        .statusCode(303)
        .header("Location", org.hamcrest.Matchers.endsWith("/memories?forgotten=41"));
    assertEquals(1, stub.writes().size());
    assertEquals("Bearer " + TestKeys.AGENT, stub.writes().getFirst().authorization());
    assertTrue(
        browser.get("/memories?forgotten=41").asString().contains("Memory 41 was forgotten."));
  }

  @Test
  void anUnknownMemoryIsANotFoundPage() {
    stub.refuse("GET /v1/memories/77", 404, "no memory 77");
    String html =
        Browser.signedInAs(TestKeys.AGENT)
            .get("/memories/77")
            .then()
            .statusCode(404)
            .extract()
            .asString();
    assertTrue(html.contains("capture-service said: no memory 77"));
  }

  @Test
  void aMemorysPageShowsTheTurnsItCameFromEachReadWithThePersonsKey() {
    stub.answer("GET /v1/memories/41", 200, Fixtures.memory(41, "tea"))
        .answer(
            "GET /v1/exchanges/7",
            200,
            "{\"id\":7,\"speaker\":\"alice\",\"role\":\"user\",\"text\":"
                + "\"I only drink green tea <b>now</b>\",\"occurred_at\":\"2026-11-01T09:59:00Z\","
                + "\"status\":\"ACTIVE\"}")
        .refuse("GET /v1/exchanges/8", 404, "no exchange 8")
        .answer("GET /v1/memories/41/relations", 200, "{\"items\":[]}")
        .answer("GET /v1/audit", 200, "{\"items\":[],\"next_cursor\":null}");
    String html = Browser.signedInAs(TestKeys.AGENT).page("/memories/41");

    assertTrue(html.contains("alice (2026-11-01T09:59:00Z)"), html);
    assertTrue(html.contains("I only drink green tea &lt;b&gt;now&lt;/b&gt;"));
    assertTrue(
        html.contains("exchange 8: <span class=\"error\">capture-service: no exchange 8</span>"));
    assertTrue(
        stub.received().stream()
            .allMatch(r -> ("Bearer " + TestKeys.AGENT).equals(r.authorization())));
  }

  @Test
  void replacingAMemorySupersedesItAndOpensTheNewOne() throws Exception {
    stub.answer("GET /v1/memories/41", 200, Fixtures.memory(41, "tea"))
        .answer("POST /v1/memories/41/supersede", 201, Fixtures.memory(42, "coffee"));
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    String form = browser.page("/memories/41/supersede");
    assertTrue(form.contains("<label for=\"text\">New text</label>"));
    assertEquals(List.of(), stub.writes());

    browser
        .post("/memories/41/supersede", browser.csrf(), java.util.Map.of("text", " ", "reason", ""))
        .then()
        .statusCode(400);
    assertEquals(List.of(), stub.writes(), "an empty text is asked for again, not sent");

    browser
        .post(
            "/memories/41/supersede",
            browser.csrf(),
            java.util.Map.of("text", "Alice drinks coffee now", "reason", "she said so"))
        .then()
        .statusCode(303)
        .header("Location", org.hamcrest.Matchers.endsWith("/memories/42"));
    ServiceStub.Received write = stub.writes().getFirst();
    assertEquals("Bearer " + TestKeys.AGENT, write.authorization());
    assertEquals(
        new ObjectMapper()
            .readTree("{\"text\":\"Alice drinks coffee now\",\"reason\":\"she said so\"}"),
        new ObjectMapper().readTree(write.body()));
  }
}
