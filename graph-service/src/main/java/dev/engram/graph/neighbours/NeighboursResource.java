package dev.engram.graph.neighbours;

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

/** The graph signal of hybrid recall: recall-service calls it for every recall. */
@Path("/internal/v1/graph/neighbours")
@Tag(name = "internal")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
class NeighboursResource {

  private final NeighboursService service;

  NeighboursResource(NeighboursService service) {
    this.service = service;
  }

  @POST
  @RolesAllowed(Roles.INTERNAL)
  @Operation(
      summary = "Memories and exchanges linked to the entities a query names",
      description =
          "Within what (tenant, agent, chat) may see; best first, scored by confidence decayed"
              + " per hop.")
  public NeighboursResponse neighbours(@NotNull @Valid NeighboursRequest request) {
    return service.find(request);
  }
}
