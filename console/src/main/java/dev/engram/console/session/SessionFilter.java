package dev.engram.console.session;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Every page needs a live session except those marked {@link SignedOut}: without one the browser is
 * sent to the sign-in page and nothing else runs.
 */
class SessionFilter {

  private final SessionStore sessions;
  private final SignedIn signedIn;

  SessionFilter(SessionStore sessions, SignedIn signedIn) {
    this.sessions = sessions;
    this.signedIn = signedIn;
  }

  @ServerRequestFilter
  Optional<Response> requireSession(ContainerRequestContext request, ResourceInfo resource) {
    if (resource.getResourceClass() == null
        || resource.getResourceClass().isAnnotationPresent(SignedOut.class)
        || resource.getResourceMethod().isAnnotationPresent(SignedOut.class)) {
      return Optional.empty();
    }
    Cookie cookie = request.getCookies().get(SessionCookie.NAME);
    Optional<ConsoleSession> session = sessions.find(cookie == null ? null : cookie.getValue());
    if (session.isEmpty()) {
      return Optional.of(Response.seeOther(URI.create("/sign-in")).build());
    }
    signedIn.set(session.get());
    return Optional.empty();
  }
}
