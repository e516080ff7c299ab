package dev.engram.console.web;

import dev.engram.console.client.ServiceCallFailed;
import dev.engram.console.session.SignedIn;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.ws.rs.ForbiddenException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * What a person sees when something is refused: the service's own words (its problem detail, e.g.
 * "needs the admin role") and status, or the console's; never a stack trace.
 */
class ErrorPages {

  private final Template error;
  private final SignedIn signedIn;

  ErrorPages(@Location("error.html") Template error, SignedIn signedIn) {
    this.error = error;
    this.signedIn = signedIn;
  }

  /**
   * A service's refusal, in its own words. A 401 means the service no longer accepts the person's
   * key (revoked): their session ends with it.
   */
  @ServerExceptionMapper
  Response refused(ServiceCallFailed e, UriInfo uri) {
    String title =
        switch (e.status()) {
          case 401 -> "Your key is no longer accepted";
          case 403 -> "Your key may not do this";
          case 404 -> "Not found";
          case 409 -> "Not done: it changed meanwhile";
          case 502 -> "A service did not answer";
          default -> "Not done";
        };
    // A service's own failure is a bad gateway here: the console itself did not fail.
    int status = e.status() >= 500 ? 502 : e.status();
    Response page = page(status, title, e.service() + " said: " + e.detail());
    NewCookie expired = e.status() == 401 ? signedIn.endSession(uri) : null;
    return expired == null ? page : Response.fromResponse(page).cookie(expired).build();
  }

  @ServerExceptionMapper
  Response forbidden(ForbiddenException e) {
    return page(403, "Refused", e.getMessage());
  }

  @ServerExceptionMapper
  Response notFound(NotFoundException e) {
    return page(404, "Not found", "There is no such page.");
  }

  private Response page(int status, String title, String detail) {
    return Response.status(status)
        .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
        .entity(error.data("status", status).data("title", title).data("detail", detail).render())
        .build();
  }
}
