package dev.engram.capture.promotion;

import dev.engram.capture.idempotency.Idempotent;
import dev.engram.capture.paging.Cursors;
import dev.engram.capture.paging.PageSize;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.web.QueryParams;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * The gate in front of identity and canonical facts: agents and admins read the proposals, only an
 * admin decides (an agent key gets 403), and an admin may run the candidate pass now.
 */
@Idempotent
@Path("/v1/promotions")
class PromotionResource {

  private final PromotionService promotions;
  private final PageSize pageSize;
  private final SecurityIdentity identity;

  PromotionResource(PromotionService promotions, PageSize pageSize, SecurityIdentity identity) {
    this.promotions = promotions;
    this.pageSize = pageSize;
    this.identity = identity;
  }

  @GET
  @RolesAllowed({Roles.AGENT, Roles.ADMIN})
  public Uni<PromotionRequests.Page> list(
      @QueryParam("status") String status,
      @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    return promotions.list(
        Caller.of(identity),
        QueryParams.enumValue("status", status, PromotionStatus.class),
        Cursors.before(cursor),
        pageSize.of(QueryParams.intValue("limit", limit), 50));
  }

  @POST
  @Path("/{id}/approve")
  @Consumes(MediaType.APPLICATION_JSON) // the body is optional; another type is a 415, not a 500
  @RolesAllowed(Roles.ADMIN)
  public Uni<PromotionView> approve(
      @PathParam("id") long id, @Valid PromotionRequests.Decision body) {
    return promotions.approve(Caller.of(identity), id, body == null ? null : body.reason());
  }

  @POST
  @Path("/{id}/reject")
  @Consumes(MediaType.APPLICATION_JSON) // the body is optional; another type is a 415, not a 500
  @RolesAllowed(Roles.ADMIN)
  public Uni<PromotionView> reject(
      @PathParam("id") long id, @Valid PromotionRequests.Decision body) {
    return promotions.reject(Caller.of(identity), id, body == null ? null : body.reason());
  }

  /**
   * Runs the candidate pass now over the key's tenant; over every tenant (as the schedule does)
   * only with the suite's operator key (tenant {@code *}, role ops).
   */
  @POST
  @Path("/scan")
  @RolesAllowed({Roles.ADMIN, Roles.OPS})
  public Uni<PromotionRequests.Scan> scan() {
    return promotions.scan(Caller.of(identity));
  }
}
