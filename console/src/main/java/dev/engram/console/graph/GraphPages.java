package dev.engram.console.graph;

import dev.engram.console.client.GraphApi;
import dev.engram.console.client.ServiceCallFailed;
import dev.engram.console.client.Wire;
import dev.engram.console.session.Person;
import dev.engram.console.session.SignedIn;
import dev.engram.console.web.Attempt;
import dev.engram.console.web.FormValues;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The knowledge graph as graph-service tells it: find an entity by name or alias (or start from the
 * most central ones), then its facts now or as of a time, its timeline (facts valid and invalidated
 * over time) and its neighbours, each entity a link to its own page.
 */
@Path("/graph")
@Produces(MediaType.TEXT_HTML)
class GraphPages {

  /** Central entities listed when no name is asked for. */
  static final int CENTRAL = 20;

  @CheckedTemplate(basePath = "graph")
  static class Templates {
    static native TemplateInstance find(
        Person person, String name, String message, Attempt<Wire.Ranking> central);

    static native TemplateInstance entity(
        Person person,
        Wire.EntityFacts facts,
        String asOf,
        String asOfProblem,
        Attempt<Wire.Timeline> timeline,
        Attempt<List<Wire.Node>> neighbours);
  }

  private final GraphApi graph;
  private final SignedIn signedIn;

  GraphPages(GraphApi graph, SignedIn signedIn) {
    this.graph = graph;
    this.signedIn = signedIn;
  }

  @GET
  public Response find(@QueryParam("name") String typed) {
    String key = signedIn.key();
    String name = FormValues.stripped(typed);
    String message = null;
    if (name != null) {
      try {
        Wire.EntityFacts found = graph.entityNamed(key, name);
        return Response.seeOther(URI.create("/graph/entities/" + encode(found.entity().id())))
            .build();
      } catch (ServiceCallFailed e) {
        message =
            e.status() == 404
                ? "No entity is known by that name or alias."
                : e.service() + ": " + e.detail();
      }
    }
    return Response.ok(
            Templates.find(
                signedIn.person(), name, message, Attempt.of(() -> graph.central(key, CENTRAL))))
        .build();
  }

  @GET
  @Path("/entities/{id}")
  public TemplateInstance entity(@PathParam("id") String id, @QueryParam("as_of") String typed) {
    String key = signedIn.key();
    AsOf asOf = AsOf.parse(typed);
    Wire.EntityFacts facts = graph.entity(key, id, asOf.instant());
    String entityId = facts.entity().id();
    return Templates.entity(
        signedIn.person(),
        facts,
        asOf.typed(),
        asOf.invalid() ? "Not a time: give a date (2026-11-01) or a date and time." : null,
        Attempt.of(() -> graph.timeline(key, entityId)),
        Attempt.of(
            () ->
                graph.neighbours(key, entityId).nodes().stream()
                    .filter(n -> n.depth() > 0)
                    .toList()));
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
