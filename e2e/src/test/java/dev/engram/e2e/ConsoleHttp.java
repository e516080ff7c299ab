package dev.engram.e2e;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/** The console over plain HTTP with a session cookie, as a browser without JavaScript uses it. */
final class ConsoleHttp {

  private ConsoleHttp() {}

  /** Signs in to the console with {@code key}; returns the session cookie's value. */
  static String signIn(Suite suite, String key) {
    Response signIn =
        given()
            .baseUri(suite.url(Component.CONSOLE))
            .redirects()
            .follow(false)
            .contentType(ContentType.URLENC)
            .formParam("key", key)
            .post("/sign-in");
    assertEquals(303, signIn.statusCode(), signIn.asString());
    String session = signIn.getCookie("engram_session");
    assertTrue(session != null && !session.isBlank(), "a session cookie");
    return session;
  }

  /** A request to the console in the session {@code session}. */
  static RequestSpecification in(Suite suite, String session) {
    return given()
        .baseUri(suite.url(Component.CONSOLE))
        .redirects()
        .follow(false)
        .cookie("engram_session", session);
  }
}
