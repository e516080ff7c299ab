package dev.engram.console.session;

import dev.engram.console.client.CaptureApi;
import dev.engram.console.client.ServiceCallFailed;
import dev.engram.console.client.Wire;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;

/**
 * Sign in with an API key (capture-service says whose it is; the key then stays in the server-side
 * session) and sign out.
 */
@Path("/")
@Produces(MediaType.TEXT_HTML)
class SignInResource {

  @CheckedTemplate(basePath = "session")
  static class Templates {
    static native TemplateInstance signIn(String error);
  }

  private final CaptureApi capture;
  private final SessionStore sessions;
  private final SignedIn signedIn;

  SignInResource(CaptureApi capture, SessionStore sessions, SignedIn signedIn) {
    this.capture = capture;
    this.sessions = sessions;
    this.signedIn = signedIn;
  }

  @GET
  public Response home() {
    return Response.seeOther(URI.create("/memories")).build();
  }

  @GET
  @Path("sign-in")
  @SignedOut
  public TemplateInstance form() {
    return Templates.signIn(null);
  }

  @POST
  @Path("sign-in")
  @SignedOut
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response signIn(
      @FormParam("key") String key,
      @CookieParam(SessionCookie.NAME) String previous,
      @Context UriInfo uri) {
    if (key == null || key.isBlank()) {
      return page(400, "Enter an API key.");
    }
    Wire.Me me;
    try {
      me = capture.me(key.strip());
    } catch (ServiceCallFailed e) {
      return switch (e.status()) {
        case 401 -> page(401, "That key was not accepted.");
        case 403 -> page(403, "That key is not a person's key (agent, admin or ops).");
        default -> page(502, "capture-service could not check the key: " + e.detail());
      };
    }
    // Signing in again (perhaps with another key) ends the session the browser had.
    sessions.find(previous).ifPresent(sessions::close);
    ConsoleSession session = sessions.open(key.strip(), me.keyId(), me.tenant(), me.roles());
    // An ops key of tenant * has no tenant's pages: it lands on the ops pages.
    String landing = "*".equals(me.tenant()) ? "/ops" : "/memories";
    return Response.seeOther(URI.create(landing))
        .cookie(SessionCookie.of(session.id(), uri))
        .build();
  }

  @POST
  @Path("sign-out")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response signOut(@FormParam("csrf") String csrf, @Context UriInfo uri) {
    signedIn.requireToken(csrf);
    sessions.close(signedIn.session());
    return Response.seeOther(URI.create("/sign-in")).cookie(SessionCookie.expired(uri)).build();
  }

  private static Response page(int status, String error) {
    return Response.status(status).entity(Templates.signIn(error)).build();
  }
}
