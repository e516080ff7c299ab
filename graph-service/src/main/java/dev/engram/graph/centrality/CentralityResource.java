package dev.engram.graph.centrality;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.graph.entity.EntityView;
import dev.engram.graph.neo4j.Neo4jClient;
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
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The most central entities of the caller's tenant, and recomputing centrality now. */
@Path("/v1/centrality")
@Tag(name = "entities")
@Produces(MediaType.APPLICATION_JSON)
public class CentralityResource {

  private final SecurityIdentity identity;
  private final Neo4jClient neo4j;
  private final CentralityService centrality;

  CentralityResource(SecurityIdentity identity, Neo4jClient neo4j, CentralityService centrality) {
    this.identity = identity;
    this.neo4j = neo4j;
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
    Map<String, Object> parameters =
        Visibility.of(Caller.of(identity).tenant(), agent, chat).parameters();
    parameters.put("limit", Limits.limit("limit", limit, 20, 500));
    return new Ranking(
        neo4j.read(CentralityQueries.TOP, parameters, row -> EntityView.of(row.get("entity"))));
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
