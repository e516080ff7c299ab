package dev.engram.console.health;

import dev.engram.console.client.CaptureApi;
import dev.engram.console.client.Wire;
import dev.engram.console.session.Person;
import dev.engram.console.session.SignedIn;
import dev.engram.console.web.Attempt;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The tenant's memory at a glance, as capture-service's {@code /v1/stats} tells it: the pool by
 * status, what the gate holds, the Reflector's backlog and totals, the outbox per projection.
 */
@Path("/health")
@Produces(MediaType.TEXT_HTML)
class HealthPage {

  @CheckedTemplate(basePath = "health")
  static class Templates {
    static native TemplateInstance health(Person person, Attempt<Wire.Stats> stats);
  }

  private final CaptureApi capture;
  private final SignedIn signedIn;

  HealthPage(CaptureApi capture, SignedIn signedIn) {
    this.capture = capture;
    this.signedIn = signedIn;
  }

  @GET
  public TemplateInstance health() {
    String key = signedIn.key();
    return Templates.health(signedIn.person(), Attempt.of(() -> capture.stats(key)));
  }
}
