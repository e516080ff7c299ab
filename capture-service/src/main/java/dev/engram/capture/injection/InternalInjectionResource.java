package dev.engram.capture.injection;

import dev.engram.common.auth.Roles;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;

/**
 * {@code POST /internal/v1/injections}: recall-service reports what its context and session_start
 * answers gave agents. Internal only: each record names its tenant.
 */
@Path("/internal/v1/injections")
@RolesAllowed(Roles.INTERNAL)
class InternalInjectionResource {

  private final InjectionRecords records;

  InternalInjectionResource(InjectionRecords records) {
    this.records = records;
  }

  // A batch is up to 500 records of up to 64 KiB each: validating and capping it is CPU work that
  // must not hold the event loop (a 3000-item record held it for seconds in a test).
  @POST
  @Blocking
  public Uni<InjectionBatch.Stored> store(@NotNull @Valid InjectionBatch body) {
    return records.store(body.records()).map(InjectionBatch.Stored::new);
  }
}
