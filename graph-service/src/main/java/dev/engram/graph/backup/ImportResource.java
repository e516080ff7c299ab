package dev.engram.graph.backup;

import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** vault-service's restore sink: {@code POST /internal/v1/import}, a graph export streamed in. */
@Path(ImportResource.PATH)
@Tag(name = "internal")
class ImportResource {

  static final String PATH = "/internal/v1/import";

  private final GraphImport graphImport;

  ImportResource(GraphImport graphImport) {
    this.graphImport = graphImport;
  }

  @POST
  @RolesAllowed(Roles.INTERNAL)
  @Consumes(ExportResource.NDJSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "Import a graph export (restore)",
      description =
          "mode=replace empties the tenants named by the records first; mode=merge keeps the"
              + " higher version. The whole body is checked before anything is written; answers"
              + " after the end line with the counts of every stream.")
  public ImportResponse importGraph(
      @QueryParam("mode") String mode, @QueryParam("dry_run") String dryRun, InputStream body) {
    ImportMode importMode = QueryParams.enumValue("mode", mode, ImportMode.class);
    if (importMode == null) {
      throw EngramException.invalid("mode", "required", "must be replace or merge");
    }
    return graphImport.load(body, importMode, flag(dryRun));
  }

  private static boolean flag(String value) {
    if (value == null || value.isBlank() || "false".equalsIgnoreCase(value.strip())) {
      return false;
    }
    if ("true".equalsIgnoreCase(value.strip())) {
      return true;
    }
    throw EngramException.invalid("dry_run", "boolean", "must be true or false");
  }
}
