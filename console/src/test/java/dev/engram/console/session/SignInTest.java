package dev.engram.console.session;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.console.support.Browser;
import dev.engram.console.support.Fixtures;
import dev.engram.console.support.StubbedServices;
import dev.engram.console.support.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class SignInTest {

  @BeforeEach
  void reset() {
    StubbedServices.fresh();
  }

  @Test
  void aGoodKeyOpensASessionWithAStrictHttpOnlyCookie() {
    Browser browser = new Browser();
    Response r = browser.signIn(TestKeys.ADMIN);

    assertEquals(303, r.statusCode());
    assertTrue(r.header("Location").endsWith("/memories"));
    String setCookie = r.header("Set-Cookie");
    assertTrue(setCookie.startsWith("engram_session="), setCookie);
    assertTrue(setCookie.contains("HttpOnly"), setCookie);
    assertTrue(setCookie.contains("SameSite=Strict"), setCookie);
    assertTrue(setCookie.contains("Path=/"), setCookie);
    assertFalse(setCookie.contains("Secure"), "plain HTTP here: " + setCookie);
    // 256 random bits, base64url without padding.
    assertEquals(43, browser.session().length());
    assertEquals(
        List.of("Bearer " + TestKeys.ADMIN),
        StubbedServices.stub().received().stream().map(q -> q.authorization()).toList());
  }

  @Test
  void aBadKeyShowsAnErrorAndOpensNoSession() {
    Browser browser = new Browser();
    Response r = browser.signIn("not-a-known-key");

    assertEquals(401, r.statusCode());
    assertTrue(r.asString().contains("That key was not accepted."));
    assertNull(r.header("Set-Cookie"));
    assertNull(browser.session());
    assertFalse(r.asString().contains("not-a-known-key"), "the key is never echoed");
  }

  @Test
  void anEmptyKeyIsAskedForAgainWithoutCallingCapture() {
    Response r = new Browser().signIn("  ");
    assertEquals(400, r.statusCode());
    assertTrue(StubbedServices.stub().received().isEmpty());
  }

  @Test
  void pagesWithoutASessionSendToSignInAndCallNoService() {
    Browser stranger = new Browser();
    for (String page :
        List.of("/", "/memories", "/memories/41", "/search?q=x&agent=a", "/review")) {
      stranger.get(page).then().statusCode(303).header("Location", endsWith("/sign-in"));
    }
    stranger.post("/memories/41/forget", "made-up").then().statusCode(303);
    assertTrue(StubbedServices.stub().received().isEmpty());
  }

  @Test
  void anUnknownOrForgedSessionCookieIsNoSession() {
    io.restassured.RestAssured.given()
        .redirects()
        .follow(false)
        .cookie("engram_session", "A".repeat(43))
        .get("/memories")
        .then()
        .statusCode(303)
        .header("Location", endsWith("/sign-in"));
  }

  @Test
  void theKeyIsNeverRenderedIntoAPage() {
    StubbedServices.stub()
        .answer("GET /v1/memories", 200, Fixtures.page(Fixtures.memory(41, "tea")))
        .answer("GET /v1/memories/41", 200, Fixtures.memory(41, "tea"));
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);
    for (String page : List.of("/memories", "/memories/41", "/search", "/review")) {
      String html = browser.get(page).asString();
      assertFalse(html.contains(TestKeys.ADMIN), page);
      assertTrue(html.contains("admin-1"), page + " names the key by its id");
    }
  }

  @Test
  void signingOutEndsTheSessionAndExpiresTheCookie() {
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);
    String session = browser.session();
    Response out = browser.post("/sign-out", browser.csrf());

    assertEquals(303, out.statusCode());
    assertTrue(out.header("Location").endsWith("/sign-in"));
    String expired = out.header("Set-Cookie");
    assertNotNull(expired);
    assertTrue(expired.contains("Max-Age=0"), expired);
    io.restassured.RestAssured.given()
        .redirects()
        .follow(false)
        .cookie("engram_session", session)
        .get("/search")
        .then()
        .statusCode(303)
        .header("Location", endsWith("/sign-in"));
  }

  @Test
  void theSignInPageIsLabelledForScreenReaders() {
    String html = new Browser().page("/sign-in");
    org.hamcrest.MatcherAssert.assertThat(html, containsString("<html lang=\"en\">"));
    org.hamcrest.MatcherAssert.assertThat(html, containsString("<main id=\"main\">"));
    org.hamcrest.MatcherAssert.assertThat(
        html, containsString("<label for=\"key\">API key</label>"));
    org.hamcrest.MatcherAssert.assertThat(html, containsString("<h1>Sign in</h1>"));
  }

  @Test
  void aKeyRevokedMeanwhileEndsTheSession() {
    StubbedServices.stub().refuse("GET /v1/memories", 401, "unknown key");
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);

    Response r = browser.get("/memories");
    assertEquals(401, r.statusCode());
    assertTrue(r.asString().contains("Your key is no longer accepted"));
    assertTrue(r.header("Set-Cookie").contains("Max-Age=0"), r.header("Set-Cookie"));
    browser.get("/search").then().statusCode(303).header("Location", endsWith("/sign-in"));
  }

  @Test
  void signingInAgainEndsTheSessionTheBrowserHad() {
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);
    String first = browser.session();
    browser.signIn(TestKeys.AGENT).then().statusCode(303);

    assertNotEquals(first, browser.session());
    assertTrue(browser.page("/search").contains("agent-1"));
    io.restassured.RestAssured.given()
        .redirects()
        .follow(false)
        .cookie("engram_session", first)
        .get("/search")
        .then()
        .statusCode(303)
        .header("Location", endsWith("/sign-in"));
  }
}
