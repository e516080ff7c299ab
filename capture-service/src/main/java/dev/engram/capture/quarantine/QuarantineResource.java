package dev.engram.capture.quarantine;

import dev.engram.capture.idempotency.Idempotent;
import dev.engram.capture.paging.Cursors;
import dev.engram.capture.paging.PageSize;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.web.QueryParams;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.util.List;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * What the poisoning gate quarantined, for admins: {@code GET /v1/quarantine[?type=memory|exchange|
 * slot&limit&cursor]}, {@code POST /v1/quarantine/{type}/{id}/release}, {@code DELETE
 * /v1/quarantine/{type}/{id}}.
 */
@Idempotent
@Path("/v1/quarantine")
@RolesAllowed(Roles.ADMIN)
class QuarantineResource {

  /** Quarantined items, newest first per type; {@code next_cursor} pages one type. */
  record Listing(List<QuarantinedItem> items, String nextCursor) {}

  private final QuarantineService quarantine;
  private final PageSize pageSize;
  private final SecurityIdentity identity;

  QuarantineResource(QuarantineService quarantine, PageSize pageSize, SecurityIdentity identity) {
    this.quarantine = quarantine;
    this.pageSize = pageSize;
    this.identity = identity;
  }

  @GET
  public Uni<Listing> list(
      @QueryParam("type") String type,
      @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    QuarantineService.Type only = QueryParams.enumValue("type", type, QuarantineService.Type.class);
    int size = pageSize.of(QueryParams.intValue("limit", limit), 50);
    Long before = Cursors.before(cursor);
    return quarantine
        .list(Caller.of(identity), only, before, size)
        .map(
            items ->
                new Listing(
                    items,
                    only != null && items.size() == size
                        ? Long.toString(items.getLast().id())
                        : null));
  }

  @POST
  @Path("/{type}/{id}/release")
  public Uni<Quarantinable.Released> release(
      @PathParam("type") String type, @PathParam("id") long id) {
    return quarantine.release(Caller.of(identity), type(type), id);
  }

  @DELETE
  @Path("/{type}/{id}")
  public Uni<RestResponse<Void>> delete(@PathParam("type") String type, @PathParam("id") long id) {
    return quarantine
        .delete(Caller.of(identity), type(type), id)
        .map(ignored -> RestResponse.noContent());
  }

  private static QuarantineService.Type type(String type) {
    QuarantineService.Type t = QueryParams.enumValue("type", type, QuarantineService.Type.class);
    if (t == null) {
      throw dev.engram.common.error.EngramException.invalid(
          "type", "enum", "must be memory, exchange or slot");
    }
    return t;
  }
}
