package dev.engram.console.review;

import dev.engram.console.client.GraphApi;
import dev.engram.console.client.Wire;
import dev.engram.console.session.Person;
import dev.engram.console.session.SignedIn;
import dev.engram.console.web.Attempt;
import dev.engram.console.web.FormValues;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Contradicted and uncertain beliefs (graph-service): contradictions between memories, beliefs
 * recorded as contradicted, and the belief about any statement a person asks for. A person decides
 * by adding evidence (graph's only decision on a belief): true or false, which revises it.
 */
@Path("/review/beliefs")
@Produces(MediaType.TEXT_HTML)
class BeliefPages {

  /** Below this confidence a belief is shown as uncertain. */
  static final double UNCERTAIN = 0.5;

  /** How sure a person's verdict is: strong, but not the last word on a statement. */
  static final double VERDICT_CONFIDENCE = 0.9;

  @CheckedTemplate(basePath = "review")
  static class Templates {
    static native TemplateInstance beliefs(
        Person person,
        Attempt<Wire.Contradictions> contradictions,
        String statement,
        Attempt<Wire.Belief> belief,
        String done,
        double uncertain);
  }

  private final GraphApi graph;
  private final SignedIn signedIn;

  BeliefPages(GraphApi graph, SignedIn signedIn) {
    this.graph = graph;
    this.signedIn = signedIn;
  }

  @GET
  public TemplateInstance beliefs(
      @QueryParam("statement") String typed, @QueryParam("done") String done) {
    String key = signedIn.key();
    String statement = FormValues.stripped(typed);
    Attempt<Wire.Belief> belief = null;
    if (statement != null) {
      belief = Attempt.of(() -> graph.belief(key, statement));
    }
    return Templates.beliefs(
        signedIn.person(),
        Attempt.of(() -> graph.contradictions(key)),
        statement,
        belief,
        "true".equals(done) || "false".equals(done) ? done : null,
        UNCERTAIN);
  }

  @POST
  @Path("/evidence")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response evidence(
      @FormParam("csrf") String csrf,
      @FormParam("statement") String typed,
      @FormParam("verdict") String verdict) {
    signedIn.requireToken(csrf);
    String statement = FormValues.stripped(typed);
    if (statement == null || !("true".equals(verdict) || "false".equals(verdict))) {
      // Not a verdict a page offers: nothing is sent.
      return Response.seeOther(URI.create("/review/beliefs")).build();
    }
    Wire.EvidenceAsk evidence =
        new Wire.EvidenceAsk(
            statement,
            "true".equals(verdict) ? 1.0 : 0.0,
            VERDICT_CONFIDENCE,
            "console:" + signedIn.person().keyId());
    graph.addEvidence(signedIn.key(), evidence);
    return Response.seeOther(
            URI.create(
                "/review/beliefs?statement="
                    + URLEncoder.encode(statement, StandardCharsets.UTF_8)
                    + "&done="
                    + verdict))
        .build();
  }
}
