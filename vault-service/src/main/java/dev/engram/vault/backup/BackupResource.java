package dev.engram.vault.backup;

import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.vault.SuiteOperator;
import dev.engram.vault.VaultError;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
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
 * The backups at the destination. Backups span every tenant, so only operators see them (a tenant's
 * admin key does not).
 */
@Path("/v1")
@Tag(name = "backups")
@Produces(MediaType.APPLICATION_JSON)
public class BackupResource {

  private final BackupCatalog catalog;
  private final BackupJobs jobs;
  private final BackupVerifier verifier;
  private final SecurityIdentity identity;

  BackupResource(
      BackupCatalog catalog, BackupJobs jobs, BackupVerifier verifier, SecurityIdentity identity) {
    this.catalog = catalog;
    this.jobs = jobs;
    this.verifier = verifier;
    this.identity = identity;
  }

  @POST
  @Path("/backups")
  @RolesAllowed(Roles.OPS)
  @Operation(
      summary = "Start a backup",
      description =
          "202 with the job; follow it at the Location (GET /v1/backup-jobs/{id}). 409"
              + " backup_in_progress while another backup runs.")
  public Response start() {
    SuiteOperator.require(identity);
    BackupJob job = jobs.start("api");
    return Response.accepted(job).location(URI.create("/v1/backup-jobs/" + job.id())).build();
  }

  @GET
  @Path("/backup-jobs/{id}")
  @RolesAllowed(Roles.OPS)
  @Operation(summary = "A backup job's progress and outcome (the last 20 jobs are kept)")
  public BackupJob job(@PathParam("id") String id) {
    SuiteOperator.require(identity);
    return jobs.find(id)
        .orElseThrow(
            () -> new EngramException(VaultError.BACKUP_JOB_NOT_FOUND, "No backup job " + id));
  }

  @GET
  @Path("/backups")
  @RolesAllowed(Roles.OPS)
  @Operation(
      summary = "The backups, newest first",
      description = "Partial and temporary files are never listed.")
  public BackupList list() {
    SuiteOperator.require(identity);
    return new BackupList(catalog.list());
  }

  @GET
  @Path("/backups/{id}")
  @RolesAllowed(Roles.OPS)
  @Operation(summary = "One backup; 404 backup_not_found when there is none with this id")
  public Backup get(
      @PathParam("id")
          @Size(max = 200, message = "must be at most 200 characters")
          @Pattern(
              regexp = BackupCatalog.ID,
              message = "must consist of letters, digits, '.', '_' and '-'")
          String id) {
    SuiteOperator.require(identity);
    return find(id);
  }

  @POST
  @Path("/backups/{id}/verify")
  @RolesAllowed(Roles.OPS)
  @Operation(
      summary = "Read a backup end to end: decrypt, checksum every entry, parse every line",
      description =
          "422 backup_tampered, backup_truncated, backup_wrong_key, backup_key_unknown or"
              + " backup_malformed when it does not verify; the outcome is kept in the catalog.")
  public BackupVerifier.Verification verify(
      @PathParam("id")
          @Size(max = 200, message = "must be at most 200 characters")
          @Pattern(
              regexp = BackupCatalog.ID,
              message = "must consist of letters, digits, '.', '_' and '-'")
          String id) {
    SuiteOperator.require(identity);
    return verifier.verify(find(id));
  }

  private Backup find(String id) {
    return catalog
        .find(id)
        .orElseThrow(
            () -> new EngramException(VaultError.BACKUP_NOT_FOUND, "No backup with id " + id));
  }
}
