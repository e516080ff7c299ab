package dev.engram.console.ops;

import dev.engram.console.session.Person;
import dev.engram.console.session.SignedIn;
import dev.engram.console.session.SignedOut;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Keeps the two kinds of key on their own pages, before any service is called. An ops key of tenant
 * {@code *} has no tenant of its own: it sees the ops pages (and health), and every tenant page
 * answers a page saying so. The ops pages are for such keys only, as vault-service has it (backups
 * and the audit span every tenant): any other key is told so without asking vault.
 */
class OpsOnly {

  @CheckedTemplate(basePath = "ops")
  static class Templates {
    static native TemplateInstance refused(Person person, String title, String reason);
  }

  private final SignedIn signedIn;

  OpsOnly(SignedIn signedIn) {
    this.signedIn = signedIn;
  }

  /** After the session filter (which has the default priority, USER): a session is there. */
  @ServerRequestFilter(priority = Priorities.USER + 100)
  Optional<Response> keepKeysOnTheirPages(ContainerRequestContext request, ResourceInfo resource) {
    if (resource.getResourceClass() == null
        || resource.getResourceClass().isAnnotationPresent(SignedOut.class)
        || resource.getResourceMethod().isAnnotationPresent(SignedOut.class)) {
      return Optional.empty();
    }
    Person person = signedIn.person();
    String path = "/" + request.getUriInfo().getPath().replaceFirst("^/+", "");
    boolean opsPage = path.equals("/ops") || path.startsWith("/ops/");
    if (person.suiteOperator()) {
      if (path.equals("/")) {
        return Optional.of(Response.seeOther(URI.create("/ops")).build());
      }
      if (opsPage || path.equals("/health") || path.equals("/sign-out")) {
        return Optional.empty();
      }
      return refuse(
          person,
          "Not a page for an ops key",
          "This key is an ops key of tenant *: it has no tenant of its own, so it sees the ops"
              + " pages (backups and the audit) and health only. Sign in with a tenant's key to"
              + " see its memories.");
    }
    if (opsPage) {
      return refuse(
          person,
          "Only for an ops key of tenant *",
          "Backups and the audit span every tenant: vault-service answers only an ops key of"
              + " tenant *. This key is of tenant "
              + person.tenant()
              + ".");
    }
    return Optional.empty();
  }

  private static Optional<Response> refuse(Person person, String title, String reason) {
    return Optional.of(
        Response.status(Response.Status.FORBIDDEN)
            .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
            .entity(Templates.refused(person, title, reason).render())
            .build());
  }
}
