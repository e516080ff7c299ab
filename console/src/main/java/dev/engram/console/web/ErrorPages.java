package dev.engram.console.web;

import dev.engram.console.client.ServiceCallFailed;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.ws.rs.ForbiddenException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * What a person sees when something is refused: the service's own words (its problem detail, e.g.
 * "needs the admin role") and status, or the console's; never a stack trace.
 */
class ErrorPages {

  private final Template error;

  ErrorPages(@Location("error.html") Template error) {
    this.error = error;
  }

  @ServerExceptionMapper
  Response refused(ServiceCallFailed e) {
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
    return page(status, title, e.service() + " said: " + e.detail());
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
