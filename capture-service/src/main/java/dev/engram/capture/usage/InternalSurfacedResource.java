package dev.engram.capture.usage;

import dev.engram.common.auth.Roles;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;

/**
 * {@code POST /internal/v1/memories/surfaced}: recall-service reports which memories recall and
 * context surfaced (see {@link SurfacedCounts}). Internal only: tenants come in the body.
 */
@Path("/internal/v1/memories/surfaced")
@RolesAllowed(Roles.INTERNAL)
class InternalSurfacedResource {

  private final SurfacedCounts counts;

  InternalSurfacedResource(SurfacedCounts counts) {
    this.counts = counts;
  }

  @POST
  public Uni<SurfacedRequest.Counted> surfaced(@NotNull @Valid SurfacedRequest body) {
    return counts.add(body.items()).map(SurfacedRequest.Counted::new);
  }
}
