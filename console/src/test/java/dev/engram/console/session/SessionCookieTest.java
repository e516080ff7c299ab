package dev.engram.console.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.UriInfo;
import java.lang.reflect.Proxy;
import java.net.URI;
import org.junit.jupiter.api.Test;

/**
 * The cookie's Secure flag follows the scheme the page was served with (TLS needs no test server).
 */
class SessionCookieTest {

  private static UriInfo requestTo(String uri) {
    return (UriInfo)
        Proxy.newProxyInstance(
            UriInfo.class.getClassLoader(),
            new Class<?>[] {UriInfo.class},
            (proxy, method, args) -> {
              if (method.getName().equals("getRequestUri")) {
                return URI.create(uri);
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }

  @Test
  void overTlsTheCookieIsSecure() {
    NewCookie cookie = SessionCookie.of("id", requestTo("https://console.example/sign-in"));
    assertTrue(cookie.isSecure());
    assertTrue(cookie.isHttpOnly());
    assertEquals(NewCookie.SameSite.STRICT, cookie.getSameSite());
    assertEquals("/", cookie.getPath());
  }

  @Test
  void overPlainHttpItIsNot() {
    assertFalse(SessionCookie.of("id", requestTo("http://localhost:8085/sign-in")).isSecure());
  }

  @Test
  void signingOutExpiresIt() {
    NewCookie gone = SessionCookie.expired(requestTo("https://console.example/sign-out"));
    assertEquals(0, gone.getMaxAge());
    assertEquals("", gone.getValue());
    assertTrue(gone.isSecure());
  }
}
