package dev.engram.graph.backup;

import dev.engram.common.auth.Roles;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.logging.Logger;

/** vault-service's {@code GET /internal/v1/export}: every tenant's graph as x-ndjson. */
@Path("/internal/v1/export")
@Tag(name = "internal")
class ExportResource {

  static final String NDJSON = "application/x-ndjson";

  private static final Logger LOG = Logger.getLogger(ExportResource.class);

  private final GraphExport export;

  ExportResource(GraphExport export) {
    this.export = export;
  }

  @GET
  @RolesAllowed(Roles.INTERNAL)
  @Produces(NDJSON)
  @Operation(
      summary = "Export the whole graph (every tenant) for a backup",
      description =
          "Header, then entities, merges, memories, exchanges, facts, relations, beliefs and"
              + " evidence, then the end line with the count of every stream; one read"
              + " transaction. A failure mid-stream closes the connection without the end line.")
  public StreamingOutput exportGraph(@Context HttpServerRequest request) {
    GraphExport.Snapshot snapshot = export.open();
    return output -> {
      try (snapshot) {
        OutputStream out = new BufferedOutputStream(output, 64 * 1024);
        snapshot.writeTo(out);
      } catch (IOException | RuntimeException e) {
        // The status is sent already: closing the connection without the end line is how the
        // vault learns that this export is incomplete (docs/backup-format.md, Failure).
        LOG.errorf(e, "Graph export failed mid-stream; closing the connection");
        request.connection().close();
        throw e instanceof IOException io ? io : new IOException("export failed", e);
      }
    };
  }
}
