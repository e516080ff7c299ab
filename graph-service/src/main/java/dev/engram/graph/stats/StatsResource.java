package dev.engram.graph.stats;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** How big the caller's graph is; the tenant is the key's. */
@Path("/v1/stats")
@Tag(name = "stats")
@Produces(MediaType.APPLICATION_JSON)
public class StatsResource {

  private final SecurityIdentity identity;
  private final StatsRepository repository;

  StatsResource(SecurityIdentity identity, StatsRepository repository) {
    this.identity = identity;
    this.repository = repository;
  }

  @GET
  @RolesAllowed({Roles.AGENT, Roles.ADMIN, Roles.OPS})
  @Operation(
      summary = "Counts of the caller's entities, facts, memories, exchanges, relations, beliefs",
      description =
          "With chat: the counts of that chat (beliefs stay tenant-wide). 503 graph_unavailable"
              + " while Neo4j cannot be reached.")
  public GraphStats stats(@QueryParam("chat") String chat) {
    return repository.countsFor(
        Caller.of(identity).tenant(), chat == null || chat.isBlank() ? null : chat.strip());
  }
}
