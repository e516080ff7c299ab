package dev.engram.console.review;

import dev.engram.console.client.CaptureApi;
import dev.engram.console.client.Wire;
import dev.engram.console.session.Person;
import dev.engram.console.session.SignedIn;
import dev.engram.console.web.Attempt;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Set;

/**
 * The human gates: what the poisoning gate quarantined (release or delete) and the promotion
 * candidates (approve or reject). The service decides who may: a key without the role sees its
 * refusal as a message.
 */
@Path("/review")
@Produces(MediaType.TEXT_HTML)
class ReviewPages {

  private static final Set<String> TYPES = Set.of("memory", "exchange", "slot");
  private static final Set<String> DONE = Set.of("released", "deleted", "approved", "rejected");

  @CheckedTemplate(basePath = "review")
  static class Templates {
    static native TemplateInstance review(
        Person person,
        Attempt<Wire.QuarantinePage> quarantine,
        Attempt<Wire.PromotionPage> promotions,
        String done);
  }

  private final CaptureApi capture;
  private final SignedIn signedIn;

  ReviewPages(CaptureApi capture, SignedIn signedIn) {
    this.capture = capture;
    this.signedIn = signedIn;
  }

  @GET
  public TemplateInstance review(@QueryParam("done") String done) {
    String key = signedIn.key();
    return Templates.review(
        signedIn.person(),
        Attempt.of(() -> capture.quarantine(key)),
        Attempt.of(() -> capture.pendingPromotions(key)),
        done != null && DONE.contains(done) ? done : null);
  }

  @POST
  @Path("/quarantine/{type}/{id}/release")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response release(
      @PathParam("type") String type, @PathParam("id") long id, @FormParam("csrf") String csrf) {
    signedIn.requireToken(csrf);
    capture.release(signedIn.key(), known(type), id);
    return done("released");
  }

  @POST
  @Path("/quarantine/{type}/{id}/delete")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response delete(
      @PathParam("type") String type, @PathParam("id") long id, @FormParam("csrf") String csrf) {
    signedIn.requireToken(csrf);
    capture.deleteQuarantined(signedIn.key(), known(type), id);
    return done("deleted");
  }

  @POST
  @Path("/promotions/{id}/approve")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response approve(@PathParam("id") long id, @FormParam("csrf") String csrf) {
    signedIn.requireToken(csrf);
    capture.decide(signedIn.key(), id, "approve");
    return done("approved");
  }

  @POST
  @Path("/promotions/{id}/reject")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response reject(@PathParam("id") long id, @FormParam("csrf") String csrf) {
    signedIn.requireToken(csrf);
    capture.decide(signedIn.key(), id, "reject");
    return done("rejected");
  }

  private static String known(String type) {
    if (!TYPES.contains(type)) {
      throw new NotFoundException();
    }
    return type;
  }

  private static Response done(String what) {
    return Response.seeOther(URI.create("/review?done=" + what)).build();
  }
}
