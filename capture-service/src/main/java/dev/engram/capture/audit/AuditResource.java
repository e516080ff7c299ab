package dev.engram.capture.audit;

import dev.engram.capture.paging.Cursors;
import dev.engram.capture.paging.PageSize;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.web.QueryParams;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.jboss.resteasy.reactive.RestStreamElementType;

/**
 * The audit log of the caller's tenant: {@code GET /v1/audit?target_type&target_id&operation&from
 * &to&limit&cursor} (newest first) and {@code GET /v1/audit/export} (JSON Lines, oldest first,
 * streamed).
 */
@Path("/v1/audit")
@RolesAllowed({Roles.ADMIN, Roles.OPS})
class AuditResource {

  /** A page of audit rows; pass {@code next_cursor} back as {@code cursor}. */
  record Page(List<AuditView> items, String nextCursor) {}

  private final AuditService audit;
  private final PageSize pageSize;
  private final SecurityIdentity identity;

  AuditResource(AuditService audit, PageSize pageSize, SecurityIdentity identity) {
    this.audit = audit;
    this.pageSize = pageSize;
    this.identity = identity;
  }

  @GET
  public Uni<Page> list(
      @QueryParam("target_type") String targetType,
      @QueryParam("target_id") String targetId,
      @QueryParam("operation") String operation,
      @QueryParam("from") String from,
      @QueryParam("to") String to,
      @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    int size = pageSize.of(QueryParams.intValue("limit", limit), 50);
    Long before = Cursors.before(cursor);
    return audit
        .page(filter(targetType, targetId, operation, from, to), before, size)
        .map(items -> new Page(items, Cursors.next(items, size, AuditView::id)));
  }

  @GET
  @Path("/export")
  @Produces("application/x-ndjson")
  @RestStreamElementType(MediaType.APPLICATION_JSON)
  public Multi<AuditView> export(
      @QueryParam("target_type") String targetType,
      @QueryParam("target_id") String targetId,
      @QueryParam("operation") String operation,
      @QueryParam("from") String from,
      @QueryParam("to") String to) {
    return audit.export(filter(targetType, targetId, operation, from, to));
  }

  private AuditFilter filter(
      String targetType, String targetId, String operation, String from, String to) {
    return new AuditFilter(
        Caller.of(identity).tenant(),
        blankToNull(targetType),
        blankToNull(targetId),
        blankToNull(operation),
        QueryParams.instant("from", from),
        QueryParams.instant("to", to));
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }
}
