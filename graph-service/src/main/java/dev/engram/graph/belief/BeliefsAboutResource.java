package dev.engram.graph.belief;

import dev.engram.common.auth.Roles;
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

/** recall-service's context: the beliefs about the entities in play (docs/internal-apis.md). */
@Path("/internal/v1/graph/beliefs/about")
@Tag(name = "internal")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
class BeliefsAboutResource {

  private final BeliefService beliefs;

  BeliefsAboutResource(BeliefService beliefs) {
    this.beliefs = beliefs;
  }

  @POST
  @RolesAllowed(Roles.INTERNAL)
  @Operation(summary = "Beliefs naming the entities in a text, with their evidence counts")
  public BeliefsAbout.Response about(@NotNull @Valid BeliefsAbout.Request request) {
    return beliefs.about(request);
  }
}
