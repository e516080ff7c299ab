package dev.engram.console.session;

import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.UriInfo;

/** The session cookie: HttpOnly, SameSite=Strict, Path=/, Secure when the page came over TLS. */
final class SessionCookie {

  static final String NAME = "engram_session";

  private SessionCookie() {}

  static NewCookie of(String id, UriInfo uri) {
    return builder(id, uri).build();
  }

  /** The same cookie, emptied and expired: the browser drops it. */
  static NewCookie expired(UriInfo uri) {
    return builder("", uri).maxAge(0).build();
  }

  private static NewCookie.Builder builder(String value, UriInfo uri) {
    return new NewCookie.Builder(NAME)
        .value(value)
        .path("/")
        .httpOnly(true)
        .secure("https".equalsIgnoreCase(uri.getRequestUri().getScheme()))
        .sameSite(NewCookie.SameSite.STRICT);
  }
}
