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
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Editing a memory in place (capture's PATCH with the version seen) and the mode filter. */
@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class MemoryEditTest {

  private ServiceStub stub;

  @BeforeEach
  void reset() {
    stub = StubbedServices.fresh();
  }

  private static Map<String, String> edit(String text, String category, String confidence) {
    return Map.of("text", text, "category", category, "confidence", confidence, "version", "2");
  }

  @Test
  void anEditIsAPatchWithTheVersionSeenAndThePersonsKey() throws Exception {
    stub.answer("GET /v1/memories/41", 200, Fixtures.memory(41, Fixtures.HOSTILE))
        .answer("PATCH /v1/memories/41", 200, Fixtures.memory(41, "coffee"));
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    String form = browser.page("/memories/41/edit");
    assertTrue(form.contains(">" + Fixtures.HOSTILE_ESCAPED + "</textarea>"), form);
    assertFalse(form.contains("<img"));
    assertTrue(form.contains("<input type=\"hidden\" name=\"version\" value=\"2\">"));
    assertTrue(form.contains("<option value=\"PROFILE\" selected>"));
    assertTrue(browser.page("/memories/41").contains("href=\"/memories/41/edit\""));

    Response r =
        browser.post("/memories/41/edit", browser.csrf(), edit(" coffee ", "KNOWLEDGE", "0.7"));
    assertEquals(303, r.statusCode());
    assertTrue(r.header("Location").endsWith("/memories/41"));
    ServiceStub.Received patch = stub.writes().getFirst();
    assertEquals("PATCH /v1/memories/41", patch.method() + " " + patch.path());
    assertEquals("Bearer " + TestKeys.AGENT, patch.authorization());
    JsonNode sent = new ObjectMapper().readTree(patch.body());
    assertEquals("coffee", sent.path("text").asText());
    assertEquals("KNOWLEDGE", sent.path("category").asText());
    assertEquals(0.7, sent.path("confidence").asDouble());
    assertEquals(2, sent.path("expected_version").asLong());
  }

  @Test
  void aMemoryChangedMeanwhileKeepsThePersonsTextAndShowsCapturesWords() {
    stub.answer(
            "GET /v1/memories/41",
            200,
            Fixtures.memory(41, "tea").replace("\"version\":2", "\"version\":3"))
        .refuse("PATCH /v1/memories/41", 409, "memory 41 is at version 3, not 2");
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    Response r =
        browser.post(
            "/memories/41/edit",
            browser.csrf(),
            edit("coffee " + Fixtures.HOSTILE, "PROFILE", "0.9"));

    assertEquals(409, r.statusCode());
    String html = r.asString();
    assertTrue(html.contains("capture-service said: memory 41 is at version 3, not 2"), html);
    assertTrue(html.contains(">coffee " + Fixtures.HOSTILE_ESCAPED + "</textarea>"), html);
    assertTrue(html.contains("Now (version 3)"), html);
    assertTrue(html.contains("<input type=\"hidden\" name=\"version\" value=\"3\">"), html);
    assertFalse(html.contains("<img"));
  }

  @Test
  void aBadEditIsAskedAgainAndSendsNothing() {
    stub.answer("GET /v1/memories/41", 200, Fixtures.memory(41, "tea"));
    Browser browser = Browser.signedInAs(TestKeys.AGENT);
    for (Map<String, String> bad :
        List.of(
            edit(" ", "PROFILE", "0.5"),
            edit("x", "OPINION", "0.5"),
            edit("x", "EVENT", "1.5"),
            edit("x", "EVENT", "lots"))) {
      Response r = browser.post("/memories/41/edit", browser.csrf(), bad);
      assertEquals(400, r.statusCode(), bad.toString());
      assertTrue(r.asString().contains("role=\"alert\""), bad.toString());
    }
    assertEquals(List.of(), stub.writes());
  }

  @Test
  void theModeFilterReachesCapturesListAndStaysOnTheNextPage() {
    stub.answer(
        "GET /v1/memories",
        200,
        "{\"items\":[" + Fixtures.memory(41, "tea") + "],\"next_cursor\":\"41\"}");
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    String html = browser.page("/memories?agent=bot1&mode=work");
    assertEquals("agent=bot1&mode=work&limit=50", stub.queryOf("/v1/memories"));
    assertTrue(html.contains("href=\"/memories?agent=bot1&amp;mode=work&amp;cursor=41\""), html);
    assertTrue(html.contains("<input id=\"mode\" name=\"mode\" value=\"work\">"), html);

    stub.reset();
    stub.answer("GET /v1/memories", 200, Fixtures.page());
    browser.page("/memories?mode=Work%21");
    assertEquals("limit=50", stub.queryOf("/v1/memories"), "a tag capture would refuse means any");
  }
}
