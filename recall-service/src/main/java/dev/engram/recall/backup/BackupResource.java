package dev.engram.recall.backup;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.auth.Roles;
import dev.engram.common.config.ApplicationVersion;
import dev.engram.common.error.EngramException;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.embedding.Embedder;
import dev.engram.recall.index.ImportCounts;
import dev.engram.recall.index.IndexSnapshot;
import dev.engram.recall.index.IndexStore;
import io.smallrye.common.annotation.Blocking;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Validator;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.logging.Logger;

/**
 * The backup contract of docs/backup-format.md for the index: {@code GET /internal/v1/export}
 * (every tenant's documents with their vectors, streamed) and {@code POST /internal/v1/import} (a
 * restore without embedding). Only the vault (role internal) calls them.
 */
@Path("/internal/v1")
class BackupResource {

  static final String NDJSON = "application/x-ndjson";
  private static final Logger LOG = Logger.getLogger(BackupResource.class);

  /** The answer to an import: whether it was applied, and counts per stream. */
  record ImportResponse(boolean applied, Map<String, ImportCounts> counts) {}

  private final BackupService service;

  BackupResource(
      IndexStore store,
      Embedder embedder,
      ObjectMapper json,
      Validator validator,
      RecallConfig config,
      ApplicationVersion version) {
    this.service = BackupService.of(store, embedder, json, validator, config, version.value());
  }

  @GET
  @Path("/export")
  @Produces(NDJSON)
  @Blocking
  @RolesAllowed(Roles.INTERNAL)
  @Operation(
      summary = "Export every indexed document with its vector (x-ndjson)",
      description =
          "Header, one vectors line per document, end line with the count. 409 reindex_required"
              + " while some tenant holds vectors of another model.")
  public Response export() {
    IndexSnapshot snapshot = service.snapshot(); // a refusal is a problem+json, not a stream
    StreamingOutput body =
        out -> {
          try {
            service.export(snapshot, out);
          } catch (RuntimeException e) {
            // Already streaming: the connection closes without the end line.
            LOG.errorf(e, "Export failed mid-stream");
            throw new java.io.IOException("export failed", e);
          }
        };
    return Response.ok(body, NDJSON).build();
  }

  @POST
  @Path("/import")
  @Consumes(NDJSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Blocking
  @RolesAllowed(Roles.INTERNAL)
  @Operation(
      summary = "Import documents with their vectors (a restore), without embedding",
      description =
          "mode=replace empties each tenant of the body first; merge keeps the higher version."
              + " dry_run=true counts only. Only when the archive's embedding model is this"
              + " service's (else 409 reindex_required). Bad input: 400, nothing applied.")
  public ImportResponse load(
      @QueryParam("mode") String mode, @QueryParam("dry_run") String dryRun, InputStream body) {
    boolean replace =
        switch (mode == null ? "" : mode) {
          case "replace" -> true;
          case "merge" -> false;
          default -> throw EngramException.invalid("mode", "enum", "must be replace or merge");
        };
    boolean dry =
        switch (dryRun == null ? "false" : dryRun) {
          case "true" -> true;
          case "false" -> false;
          default -> throw EngramException.invalid("dry_run", "boolean", "must be true or false");
        };
    ImportCounts counts;
    try {
      counts = service.load(body, replace, dry);
    } catch (EngramException refused) {
      drain(body);
      throw refused;
    }
    return new ImportResponse(!dry, Map.of(IndexExport.STREAM, counts));
  }

  /**
   * Reads the rest of a refused body (docs/backup-format.md section 6): answering while the sender
   * is still writing makes its client see a reset connection instead of the problem, and the vault
   * could not fall back to a reindex on a 409.
   */
  private static void drain(InputStream body) {
    try {
      body.transferTo(OutputStream.nullOutputStream());
    } catch (IOException ignored) {
      // the sender went away: nothing left to read
    }
  }
}
