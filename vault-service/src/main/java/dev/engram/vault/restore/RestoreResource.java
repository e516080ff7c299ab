package dev.engram.vault.restore;

import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.vault.SuiteOperator;
import dev.engram.vault.VaultError;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Restores a backup into the services: imports, then reprojections where the archive cannot restore
 * a projection itself (docs/backup-format.md, section 6).
 */
@Path("/v1/restore")
@Tag(name = "restore")
@Produces(MediaType.APPLICATION_JSON)
public class RestoreResource {

  private final RestoreJobs jobs;
  private final SecurityIdentity identity;

  RestoreResource(RestoreJobs jobs, SecurityIdentity identity) {
    this.jobs = jobs;
    this.identity = identity;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed(Roles.OPS)
  @Operation(
      summary = "Start a restore",
      description =
          "Verifies the whole archive, then streams each source's records to its service's"
              + " import (capture, graph, recall), then has capture reproject graph (no graph"
              + " export) and recall (vectors of another model). 202 with the job; 404"
              + " backup_not_found; 409 restore_in_progress.")
  public Response start(@Valid @NotNull(message = "a body is required") RestoreRequest request) {
    SuiteOperator.require(identity);
    RestoreJob job = jobs.start(request);
    return Response.accepted(job).location(URI.create("/v1/restore/" + job.id())).build();
  }

  @GET
  @Path("/{id}")
  @RolesAllowed(Roles.OPS)
  @Operation(summary = "A restore job's progress and outcome (the last 20 jobs are kept)")
  public RestoreJob job(@PathParam("id") String id) {
    SuiteOperator.require(identity);
    return jobs.find(id)
        .orElseThrow(
            () -> new EngramException(VaultError.RESTORE_JOB_NOT_FOUND, "No restore job " + id));
  }
}
