package dev.engram.graph.centrality;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.graph.entity.EntityView;
import dev.engram.graph.scope.Limits;
import dev.engram.graph.scope.Visibility;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The most central entities of the caller's tenant, and recomputing centrality now. */
@Path("/v1/centrality")
@Tag(name = "entities")
@Produces(MediaType.APPLICATION_JSON)
public class CentralityResource {

  private final SecurityIdentity identity;
  private final CentralityService centrality;

  CentralityResource(SecurityIdentity identity, CentralityService centrality) {
    this.identity = identity;
    this.centrality = centrality;
  }

  /** Entities by centrality, highest first. */
  public record Ranking(List<EntityView> entities) {}

  @GET
  @RolesAllowed({Roles.AGENT, Roles.ADMIN, Roles.OPS})
  @Operation(summary = "The most central entities (PageRank over facts), highest first")
  public Ranking top(
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("limit") String limit) {
    Visibility visibility = Visibility.of(Caller.of(identity).tenant(), agent, chat);
    return new Ranking(centrality.top(visibility, Limits.limit("limit", limit, 20, 500)));
  }

  @POST
  @RolesAllowed(Roles.ADMIN)
  @Operation(
      summary = "Recompute the tenant's centrality now",
      description = "It is also recomputed every engram.graph.centrality.interval.")
  public CentralityService.Run recompute() {
    return centrality.recompute(Caller.of(identity).tenant());
  }
}
