package dev.engram.console.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.engram.console.support.Browser;
import dev.engram.console.support.StubbedServices;
import dev.engram.console.support.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class SecurityHeadersTest {

  static final String CSP =
      "default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none';"
          + " frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

  /** Inline script, inline style, event handler attributes, javascript: URLs. */
  private static final Pattern INLINE =
      Pattern.compile(
          "<script|<style|\\sstyle=|\\son[a-z]+=|javascript:", Pattern.CASE_INSENSITIVE);

  @BeforeEach
  void reset() {
    StubbedServices.fresh().everyPage();
    dev.engram.console.support.GraphVaultFixtures.everyPage(
        StubbedServices.graph(), StubbedServices.vault());
  }

  @Test
  void everyResponseCarriesTheHeaders() {
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);
    Map<String, Response> responses = new LinkedHashMap<>();
    responses.put("sign-in page", new Browser().get("/sign-in"));
    responses.put("bad sign-in", new Browser().signIn("wrong"));
    responses.put("redirect", new Browser().get("/memories"));
    responses.put("memories", browser.get("/memories"));
    responses.put("memory", browser.get("/memories/41"));
    responses.put("forget", browser.get("/memories/41/forget"));
    responses.put("search", browser.get("/search?q=tea&agent=bot1"));
    responses.put("review", browser.get("/review"));
    responses.put("health", browser.get("/health"));
    responses.put("conversations", browser.get("/conversations"));
    responses.put("graph", browser.get("/graph"));
    responses.put("entity", browser.get("/graph/entities/e-1"));
    responses.put("beliefs", browser.get("/review/beliefs?statement=x"));
    responses.put("ops refused", browser.get("/ops"));
    Browser ops = Browser.signedInAs(TestKeys.OPS);
    responses.put("ops", ops.get("/ops"));
    responses.put("job", ops.get("/ops/jobs/job-7"));
    responses.put("audit", ops.get("/ops/audit"));
    responses.put("tenant page refused", ops.get("/memories"));
    responses.put("sessions", browser.get("/conversations/sessions?agent=bot1&chat=telegram:1"));
    responses.put("session", browser.get("/conversations/sessions/s1?agent=bot1"));
    responses.put("notes", browser.get("/notes?level=tenant"));
    responses.put("note", browser.get("/notes/note?level=tenant&name=rules"));
    responses.put("injections", browser.get("/injections?agent=bot1&chat=telegram:1"));
    responses.put("injection", browser.get("/injections/7"));
    responses.put("stylesheet", browser.get("/console.css"));
    responses.put("refused post", browser.post("/memories/41/forget", "wrong"));
    responses.put("unknown page", browser.get("/no-such-page"));
    responses.forEach(
        (name, r) -> {
          assertEquals(CSP, r.header("Content-Security-Policy"), name);
          assertEquals("nosniff", r.header("X-Content-Type-Options"), name);
          assertEquals("same-origin", r.header("Referrer-Policy"), name);
          assertEquals("DENY", r.header("X-Frame-Options"), name);
        });
  }

  @Test
  void noPageHasInlineScriptOrStyle() {
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);
    for (String page :
        new String[] {
          "/memories",
          "/memories/41",
          "/memories/41/forget",
          "/memories/41/supersede",
          "/search?q=tea&agent=bot1",
          "/review",
          "/health",
          "/conversations",
          "/graph",
          "/graph/entities/e-1",
          "/review/beliefs?statement=x",
          "/conversations/sessions?agent=bot1&chat=telegram:1",
          "/conversations/sessions/s1?agent=bot1",
          "/notes?level=tenant",
          "/notes?level=chat&agent=bot1&owner=telegram:1",
          "/notes/note?level=tenant&name=rules",
          "/notes/new?level=tenant",
          "/notes/delete?level=tenant&name=rules",
          "/memories/41/edit",
          "/injections?agent=bot1&chat=telegram:1",
          "/injections/7",
          "/injections/7/delete",
          "/injections/delete?agent=bot1&chat=telegram:1"
        }) {
      String html = browser.page(page);
      assertFalse(INLINE.matcher(html).find(), page + ":\n" + html);
    }
    Browser ops = Browser.signedInAs(TestKeys.OPS);
    for (String page : new String[] {"/ops", "/ops/jobs/job-7", "/ops/audit", "/health"}) {
      String html = ops.page(page);
      assertFalse(INLINE.matcher(html).find(), page + ":\n" + html);
    }
    assertFalse(INLINE.matcher(ops.get("/memories").asString()).find());
    assertFalse(INLINE.matcher(new Browser().get("/sign-in").asString()).find());
  }
}
