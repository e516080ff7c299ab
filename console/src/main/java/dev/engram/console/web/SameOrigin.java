package dev.engram.console.web;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Refuses (403) a POST that a browser says came from another site's page: its {@code Origin} names
 * another host than the one it was sent to. Covers the sign-in form too, which has no session (and
 * so no token) yet. Requests without {@code Origin} (not sent by a browser's cross-site form) pass
 * on to the session's token check.
 */
class SameOrigin {

  @ServerRequestFilter(preMatching = true)
  Optional<Response> refuseCrossSitePosts(ContainerRequestContext request) {
    if (!HttpMethod.POST.equals(request.getMethod())) {
      return Optional.empty();
    }
    String origin = request.getHeaderString("Origin");
    String host = request.getHeaderString(HttpHeaders.HOST);
    if (origin == null || (host != null && host.equalsIgnoreCase(authority(origin)))) {
      return Optional.empty();
    }
    return Optional.of(Response.status(Response.Status.FORBIDDEN).build());
  }

  private static String authority(String origin) {
    try {
      return URI.create(origin).getRawAuthority();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
