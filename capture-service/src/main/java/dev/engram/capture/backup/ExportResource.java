package dev.engram.capture.backup;

import dev.engram.capture.CaptureError;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import io.smallrye.common.annotation.Blocking;
import io.vertx.core.http.HttpServerResponse;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.sql.SQLException;
import org.jboss.logging.Logger;

/**
 * {@code GET /internal/v1/export}: the whole record, every tenant, as one consistent snapshot in
 * the export format of docs/backup-format.md, streamed while it is read. Called by vault-service.
 */
@Path("/internal/v1/export")
@RolesAllowed(Roles.INTERNAL)
class ExportResource {

  static final String NDJSON = "application/x-ndjson";
  private static final Logger LOG = Logger.getLogger(ExportResource.class);

  private final RecordExport export;

  ExportResource(RecordExport export) {
    this.export = export;
  }

  @GET
  @Produces(NDJSON)
  @Blocking
  public Response export(@Context HttpServerResponse http) {
    RecordExport.Snapshot snapshot;
    try {
      // Opened before the 200 so that a database that is down is a problem+json, not a cut stream.
      snapshot = export.open();
    } catch (SQLException e) {
      throw new EngramException(
          CaptureError.DATABASE_UNAVAILABLE, "Cannot open the export snapshot: " + e.getMessage());
    }
    StreamingOutput body =
        out -> {
          try (snapshot) {
            snapshot.write(out);
          } catch (SQLException | IOException | RuntimeException e) {
            LOG.errorf(e, "Export failed mid-stream; closing the connection without an end line");
            // The contract: no end line, the connection closed, so the vault sees a failed export.
            http.reset();
            throw new IOException("export failed mid-stream", e);
          }
        };
    return Response.ok(body, NDJSON).build();
  }
}
