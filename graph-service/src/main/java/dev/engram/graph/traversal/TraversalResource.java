package dev.engram.graph.traversal;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Breadth-first traversal of the caller's graph. */
@Path("/v1/traverse")
@Tag(name = "traversal")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class TraversalResource {

  private final SecurityIdentity identity;
  private final TraversalService traversal;

  TraversalResource(SecurityIdentity identity, TraversalService traversal) {
    this.identity = identity;
    this.traversal = traversal;
  }

  @POST
  @RolesAllowed({Roles.AGENT, Roles.ADMIN})
  @Operation(
      summary = "Walk the graph breadth-first from entities or memories",
      description =
          "Depth ≤ 3; relations and predicates filter the links followed; the score decays per"
              + " hop.")
  public TraversalService.Traversal traverse(@NotNull @Valid TraversalRequest request) {
    return traversal.traverse(Caller.of(identity).tenant(), request);
  }
}
