package dev.engram.console.note;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Notes at every level: listed, opened, edited with the version seen, created and deleted. */
@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class NotePagesTest {

  private static final String CHAT = "level=chat&agent=bot1&owner=telegram:1";
  private static final String TODO = PageFixtures.CHAT_SLOTS + "/todo";

  private ServiceStub stub;

  @BeforeEach
  void reset() {
    stub = StubbedServices.fresh();
  }

  private static Map<String, String> fields(String... pairs) {
    Map<String, String> map = new java.util.LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put(pairs[i], pairs[i + 1]);
    }
    return map;
  }

  /** The save form of a note of chat telegram:1 (agent bot1). */
  private static Map<String, String> chatNote(String name, String content, long version) {
    return fields(
        "level",
        "chat",
        "agent",
        "bot1",
        "owner",
        "telegram:1",
        "name",
        name,
        "content",
        content,
        "version",
        Long.toString(version));
  }

  @Test
  void eachLevelIsAskedAtItsOwnAddressAndShownEscaped() {
    stub.answer(
            "GET /v1/tenant/slots",
            200,
            PageFixtures.notes(PageFixtures.note("TENANT", "acme", "rules", Fixtures.HOSTILE, 2)))
        .answer(
            "GET " + PageFixtures.CHAT_SLOTS,
            200,
            PageFixtures.notes(PageFixtures.note("CHAT", "telegram:1", "todo", "Buy tea", 3)))
        .answer("GET /v1/agents/bot1/slots", 200, PageFixtures.notes())
        .answer("GET /v1/agents/bot1/threads/trip/slots", 200, PageFixtures.notes())
        .answer("GET /v1/agents/bot1/sessions/s1/slots", 200, PageFixtures.notes());
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    String tenant = browser.page("/notes?level=tenant&agent=ignored");
    assertTrue(tenant.contains(Fixtures.HOSTILE_ESCAPED), tenant);
    assertFalse(tenant.contains("<img"), tenant);
    assertTrue(tenant.contains("href=\"/notes/note?level=tenant&amp;name=rules\""), tenant);

    String chat = browser.page("/notes?" + CHAT);
    assertTrue(chat.contains("Buy tea"));
    assertTrue(
        chat.contains(
            "href=\"/notes/note?level=chat&amp;agent=bot1&amp;owner=telegram%3A1&amp;name=todo\""),
        chat);
    assertTrue(
        chat.contains("href=\"/notes/new?level=chat&amp;agent=bot1&amp;owner=telegram%3A1\""));
    browser.page("/notes?level=agent&agent=bot1");
    browser.page("/notes?level=thread&agent=bot1&owner=trip");
    browser.page("/notes?level=session&agent=bot1&owner=s1");

    assertEquals(
        List.of(
            "/v1/tenant/slots",
            PageFixtures.CHAT_SLOTS,
            "/v1/agents/bot1/slots",
            "/v1/agents/bot1/threads/trip/slots",
            "/v1/agents/bot1/sessions/s1/slots"),
        stub.received().stream()
            .filter(r -> !r.path().equals("/v1/keys/me"))
            .map(ServiceStub.Received::path)
            .toList());
    assertEquals(
        List.of("Bearer " + TestKeys.AGENT), stub.authorizationsTo("/v1/agents/bot1/threads"));
  }

  @Test
  void aLevelNotFullyNamedAsksNothing() {
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);
    assertTrue(
        browser.page("/notes?level=chat&agent=bot1").contains("Notes of a chat need its id."));
    assertTrue(browser.page("/notes?level=agent").contains("need an agent"));
    assertTrue(browser.page("/notes").contains("<h1>Notes</h1>"));
    assertEquals(List.of("/v1/keys/me"), stub.received().stream().map(r -> r.path()).toList());
  }

  @Test
  void namesTypedByPeopleStayOnePathSegment() {
    assertEquals(
        "/v1/agents/a%2Fb/chats/%2E%2E/slots", NoteLevel.of("chat", "a/b", "..").slotsPath());
    assertEquals(
        "/v1/agents/bot%201/threads/x%3Fy%23z/slots",
        NoteLevel.of("thread", "bot 1", "x?y#z").slotsPath());
  }

  @Test
  void anEditSendsTheVersionSeenWithThePersonsKey() throws Exception {
    stub.answer(
            "GET " + TODO,
            200,
            PageFixtures.note("CHAT", "telegram:1", "todo", Fixtures.HOSTILE, 3))
        .answer("PUT " + TODO, 200, PageFixtures.note("CHAT", "telegram:1", "todo", "Buy milk", 4));
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    String page = browser.page("/notes/note?" + CHAT + "&name=todo");
    assertTrue(page.contains(">" + Fixtures.HOSTILE_ESCAPED + "</textarea>"), page);
    assertFalse(page.contains("<img"));
    assertTrue(page.contains("<input type=\"hidden\" name=\"version\" value=\"3\">"));
    assertTrue(page.contains("<input type=\"hidden\" name=\"owner\" value=\"telegram:1\">"), page);

    Response saved = browser.post("/notes/save", browser.csrf(), chatNote("todo", "Buy milk", 3));
    assertEquals(303, saved.statusCode());
    assertTrue(
        saved
            .header("Location")
            .endsWith("/notes/note?level=chat&agent=bot1&owner=telegram%3A1&name=todo&saved=true"),
        saved.header("Location"));
    ServiceStub.Received put = stub.writes().getFirst();
    assertEquals("PUT " + TODO, put.method() + " " + put.path());
    assertEquals("Bearer " + TestKeys.AGENT, put.authorization());
    JsonNode sent = new ObjectMapper().readTree(put.body());
    assertEquals("Buy milk", sent.path("content").asText());
    assertEquals(3, sent.path("expected_version").asLong());
    assertEquals(1, stub.writes().size());
  }

  @Test
  void aNoteChangedMeanwhileKeepsThePersonsTextAndShowsWhatIsStored() {
    stub.answer("GET " + TODO, 200, PageFixtures.note("CHAT", "telegram:1", "todo", "Buy bread", 4))
        .refuse("PUT " + TODO, 409, "Slot bot1/chat/telegram:1/todo is at version 4, not 3");
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    Response r =
        browser.post(
            "/notes/save", browser.csrf(), chatNote("todo", "Buy milk " + Fixtures.HOSTILE, 3));

    assertEquals(409, r.statusCode());
    String html = r.asString();
    assertTrue(
        html.contains(
            "capture-service said: Slot bot1/chat/telegram:1/todo is at version 4, not 3"),
        html);
    assertTrue(html.contains(">Buy milk " + Fixtures.HOSTILE_ESCAPED + "</textarea>"), html);
    assertTrue(html.contains("Buy bread"), "what is stored now is shown");
    assertTrue(html.contains("<input type=\"hidden\" name=\"version\" value=\"4\">"));
    assertFalse(html.contains("<img"));
  }

  @Test
  void whatTheKeyMayNotWriteIsCapturesRefusalInItsWords() {
    stub.answer(
            "GET /v1/tenant/slots/rules",
            200,
            PageFixtures.note("TENANT", "acme", "rules", "Be brief", 2))
        .refuse(
            "PUT /v1/tenant/slots/rules",
            403,
            "The tenant's notes are shown to every agent of the tenant; changing one needs an admin key");
    Browser browser = Browser.signedInAs(TestKeys.AGENT);

    Response r =
        browser.post(
            "/notes/save",
            browser.csrf(),
            fields("level", "tenant", "name", "rules", "content", "Be verbose", "version", "2"));

    assertEquals(403, r.statusCode());
    assertTrue(r.asString().contains("changing one needs an admin key"), r.asString());
    assertTrue(r.asString().contains(">Be verbose</textarea>"));
  }

  @Test
  void aNewNoteIsCreatedOnlyIfAbsentAndNeedsAName() throws Exception {
    stub.answer("PUT " + TODO, 200, PageFixtures.note("CHAT", "telegram:1", "todo", "x", 1));
    Browser browser = Browser.signedInAs(TestKeys.AGENT);
    assertTrue(
        browser
            .page("/notes/new?" + CHAT)
            .contains("<input type=\"hidden\" name=\"version\" value=\"0\">"));

    Response unnamed = browser.post("/notes/save", browser.csrf(), chatNote(" ", "x", 0));
    assertEquals(400, unnamed.statusCode());
    assertTrue(unnamed.asString().contains("Enter the note&#39;s name."), unnamed.asString());
    assertEquals(List.of(), stub.writes());

    browser.post("/notes/save", browser.csrf(), chatNote("todo", "x", 0)).then().statusCode(303);
    assertEquals(
        0,
        new ObjectMapper()
            .readTree(stub.writes().getFirst().body())
            .path("expected_version")
            .asLong(-1));
  }

  @Test
  void deletingAsksFirstThenDeletesTheVersionSeen() {
    stub.answer(
            "GET /v1/tenant/slots/rules",
            200,
            PageFixtures.note("TENANT", "acme", "rules", Fixtures.HOSTILE, 2))
        .answer("DELETE /v1/tenant/slots/rules", 204, "")
        .answer("GET /v1/tenant/slots", 200, PageFixtures.notes());
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);

    String confirm = browser.page("/notes/delete?level=tenant&name=rules");
    assertTrue(confirm.contains("<form method=\"post\" action=\"/notes/delete\">"));
    assertTrue(confirm.contains(Fixtures.HOSTILE_ESCAPED));
    assertEquals(List.of(), stub.writes());

    Response r =
        browser.post(
            "/notes/delete",
            browser.csrf(),
            fields("level", "tenant", "name", "rules", "version", "2"));
    assertEquals(303, r.statusCode());
    assertTrue(
        r.header("Location").endsWith("/notes?level=tenant&deleted=rules"), r.header("Location"));
    ServiceStub.Received delete = stub.writes().getFirst();
    assertEquals("DELETE /v1/tenant/slots/rules", delete.method() + " " + delete.path());
    assertEquals("expected_version=2", delete.query());
    assertEquals("Bearer " + TestKeys.ADMIN, delete.authorization());
    assertTrue(
        browser.page("/notes?level=tenant&deleted=rules").contains("Note rules was deleted."));
  }
}
