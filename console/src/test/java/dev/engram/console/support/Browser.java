package dev.engram.console.support;

import static io.restassured.RestAssured.given;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A browser without JavaScript: keeps the session cookie, follows no redirects (tests look at
 * them), posts forms as application/x-www-form-urlencoded.
 */
public final class Browser {

  private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");

  private String session;

  /** A browser signed in with {@code key} (the stub must know it). */
  public static Browser signedInAs(String key) {
    Browser browser = new Browser();
    Response r = browser.signIn(key);
    if (r.statusCode() != 303 || browser.session == null) {
      throw new AssertionError("sign-in failed: " + r.statusCode() + "\n" + r.asString());
    }
    return browser;
  }

  public Response signIn(String key) {
    Response r = request().formParam("key", key).post("/sign-in");
    String cookie = r.getCookie("engram_session");
    if (cookie != null) {
      session = cookie.isEmpty() ? null : cookie;
    }
    return r;
  }

  public Response get(String path) {
    return request().get(path);
  }

  /** A page that must answer 200: its HTML. */
  public String page(String path) {
    return get(path).then().statusCode(200).extract().asString();
  }

  /** Posts a form; {@code csrf} null leaves the token out. */
  public Response post(String path, String csrf) {
    RequestSpecification r = request().contentType("application/x-www-form-urlencoded");
    if (csrf != null) {
      r = r.formParam("csrf", csrf);
    } else {
      r = r.formParam("nothing", "");
    }
    return r.post(path);
  }

  /** Posts a form with its token and more fields. */
  public Response post(String path, String csrf, Map<String, String> fields) {
    return request()
        .contentType("application/x-www-form-urlencoded")
        .formParam("csrf", csrf)
        .formParams(fields)
        .post(path);
  }

  /** This session's form token, read from a page as a browser would. */
  public String csrf() {
    Matcher m = CSRF.matcher(get("/search").asString());
    if (!m.find()) {
      throw new AssertionError("no form token on the search page");
    }
    return m.group(1);
  }

  /** The session cookie's value (null when signed out). */
  public String session() {
    return session;
  }

  private RequestSpecification request() {
    RequestSpecification r = given().redirects().follow(false);
    return session == null ? r : r.cookie("engram_session", session);
  }
}
