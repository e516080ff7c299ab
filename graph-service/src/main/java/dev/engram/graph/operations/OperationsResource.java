package dev.engram.graph.operations;

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

/**
 * The internal graph operations API that capture-service's outbox dispatcher calls. Only other
 * Engram services (role internal) may call it: each operation names its own tenant.
 */
@Path("/internal/v1/graph/operations")
@Tag(name = "internal")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
class OperationsResource {

  private final OperationsService service;

  OperationsResource(OperationsService service) {
    this.service = service;
  }

  @POST
  @RolesAllowed(Roles.INTERNAL)
  @Operation(
      summary = "Apply graph operations in order",
      description =
          "Memories, exchanges, facts and relations projected from the record, forget, and tenant"
              + " resets; committed before the answer. Older versions than stored are skipped.")
  public GraphOperationsResponse apply(@NotNull @Valid GraphOperationsRequest request) {
    return service.apply(request.operations());
  }
}
