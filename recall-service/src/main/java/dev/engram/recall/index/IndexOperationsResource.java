package dev.engram.recall.index;

import dev.engram.common.auth.Roles;
import io.smallrye.common.annotation.Blocking;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The internal index API that capture-service's outbox dispatcher calls. Only other Engram services
 * (role internal) may call it: each document names its own tenant.
 */
@Path("/internal/v1/index/operations")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
class IndexOperationsResource {

  private final IndexOperationsService service;

  IndexOperationsResource(IndexOperationsService service) {
    this.service = service;
  }

  @POST
  @Blocking
  @RolesAllowed(Roles.INTERNAL)
  @Operation(
      summary = "Apply index operations in order",
      description =
          "Upserts (embedded here), deletes and tenant resets; committed durably before the"
              + " answer. Stale operations (older version than stored) are skipped.")
  public IndexOperationsResponse apply(@NotNull @Valid IndexOperationsRequest request) {
    ApplyResult result = service.apply(request.operations());
    return new IndexOperationsResponse(result.applied(), result.skipped());
  }
}
