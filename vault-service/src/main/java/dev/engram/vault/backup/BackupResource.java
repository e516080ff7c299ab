package dev.engram.vault.backup;

import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.vault.VaultError;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The backups in the vault's directory. Backups span every tenant, so only operators see them (a
 * tenant's admin key does not).
 */
@Path("/v1/backups")
@Tag(name = "backups")
@Produces(MediaType.APPLICATION_JSON)
public class BackupResource {

  private final BackupCatalog catalog;

  BackupResource(BackupCatalog catalog) {
    this.catalog = catalog;
  }

  @GET
  @RolesAllowed(Roles.OPS)
  @Operation(
      summary = "The backups, newest first",
      description = "Partial and temporary files are never listed.")
  public BackupList list() {
    return new BackupList(catalog.list());
  }

  @GET
  @Path("/{id}")
  @RolesAllowed(Roles.OPS)
  @Operation(summary = "One backup; 404 backup_not_found when there is none with this id")
  public Backup get(
      @PathParam("id")
          @Size(max = 200, message = "must be at most 200 characters")
          @Pattern(
              regexp = BackupCatalog.ID,
              message = "must consist of letters, digits, '.', '_' and '-'")
          String id) {
    return catalog
        .find(id)
        .orElseThrow(
            () -> new EngramException(VaultError.BACKUP_NOT_FOUND, "No backup with id " + id));
  }
}
