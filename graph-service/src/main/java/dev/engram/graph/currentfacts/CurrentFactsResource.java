package dev.engram.graph.currentfacts;

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

/** The current-facts section of recall's context: the graph's valid facts about what is in play. */
@Path("/internal/v1/graph/facts/current")
@Tag(name = "internal")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
class CurrentFactsResource {

  private final CurrentFactsService service;

  CurrentFactsResource(CurrentFactsService service) {
    this.service = service;
  }

  @POST
  @RolesAllowed(Roles.INTERNAL)
  @Operation(
      summary = "Current facts about the entities a text names or a caller gives",
      description =
          "Within what (tenant, agent, chat) may see; never superseded or expired facts; best"
              + " first, at most limit, with how many more matched.")
  public CurrentFactsResponse current(@NotNull @Valid CurrentFactsRequest request) {
    return service.find(request);
  }
}
