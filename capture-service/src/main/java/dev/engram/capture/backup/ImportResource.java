package dev.engram.capture.backup;

import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;
import io.smallrye.common.annotation.Blocking;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;

/**
 * {@code POST /internal/v1/import?mode=replace|merge&dry_run=true|false}: loads a record exported
 * by {@code GET /internal/v1/export} (docs/backup-format.md, section 6), streamed, in one
 * transaction. Called by vault-service during a restore.
 */
@Path("/internal/v1/import")
@RolesAllowed(Roles.INTERNAL)
class ImportResource {

  private final RecordImport records;

  ImportResource(RecordImport records) {
    this.records = records;
  }

  @POST
  @Consumes({ExportResource.NDJSON, MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN})
  @Produces(MediaType.APPLICATION_JSON)
  @Blocking
  public RecordImport.Result load(
      @QueryParam("mode") String mode, @QueryParam("dry_run") String dryRun, InputStream body) {
    RecordImport.Mode how = QueryParams.enumValue("mode", mode, RecordImport.Mode.class);
    if (how == null) {
      throw EngramException.invalid("mode", "NotNull", "is required: replace or merge");
    }
    boolean dry;
    if (dryRun == null || dryRun.isBlank() || dryRun.equalsIgnoreCase("false")) {
      dry = false;
    } else if (dryRun.equalsIgnoreCase("true")) {
      dry = true;
    } else {
      throw EngramException.invalid("dry_run", "Boolean", "must be true or false");
    }
    return records.load(body, how, dry);
  }
}
