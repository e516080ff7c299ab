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
          "/conversations"
        }) {
      String html = browser.page(page);
      assertFalse(INLINE.matcher(html).find(), page + ":\n" + html);
    }
    assertFalse(INLINE.matcher(new Browser().get("/sign-in").asString()).find());
  }
}
