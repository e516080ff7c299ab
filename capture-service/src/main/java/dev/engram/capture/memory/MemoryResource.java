package dev.engram.capture.memory;

import dev.engram.capture.idempotency.Idempotent;
import dev.engram.capture.paging.PageSize;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.web.QueryParams;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.net.URI;
import org.jboss.resteasy.reactive.RestResponse;

/** Long-term memories: create, read, list, edit, revise, touch, archive, supersede, delete. */
@Idempotent
@Path("/v1/memories")
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
class MemoryResource {

  private final MemoryService memories;
  private final PageSize pageSize;
  private final SecurityIdentity identity;

  MemoryResource(MemoryService memories, PageSize pageSize, SecurityIdentity identity) {
    this.memories = memories;
    this.pageSize = pageSize;
    this.identity = identity;
  }

  @POST
  public Uni<RestResponse<MemoryView>> create(@Valid @NotNull MemoryRequests.Create body) {
    return memories.create(Caller.of(identity), body).map(MemoryResource::created);
  }

  @GET
  @Path("/{id}")
  public Uni<MemoryView> get(@PathParam("id") long id) {
    return memories.get(Caller.of(identity), id);
  }

  @GET
  public Uni<MemoryRequests.Page> list(
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("scope") String scope,
      @QueryParam("category") String category,
      @QueryParam("status") String status,
      @QueryParam("source") String source,
      @QueryParam("mode") String mode,
      @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor,
      @QueryParam("min_confidence") String minConfidence,
      @QueryParam("unexpired") String unexpired,
      @QueryParam("order") String order) {
    boolean recent = MemoryFilter.recent(order, cursor);
    MemoryFilter filter =
        new MemoryFilter(
            agent,
            chat,
            QueryParams.enumValue("scope", scope, MemoryScope.class),
            QueryParams.enumValue("category", category, MemoryCategory.class),
            QueryParams.enumValue("status", status, MemoryStatus.class),
            source,
            MemoryFilter.mode(mode),
            MemoryFilter.cursor(cursor),
            pageSize.of(QueryParams.intValue("limit", limit), 50),
            MemoryFilter.confidence(minConfidence),
            MemoryFilter.flag("unexpired", unexpired),
            recent);
    return memories.list(Caller.of(identity), filter);
  }

  @PATCH
  @Path("/{id}")
  public Uni<MemoryView> update(
      @PathParam("id") long id, @Valid @NotNull MemoryRequests.Update body) {
    return memories.update(Caller.of(identity), id, body);
  }

  @POST
  @Path("/{id}/archive")
  public Uni<MemoryView> archive(@PathParam("id") long id) {
    return memories.archive(Caller.of(identity), id);
  }

  @POST
  @Path("/{id}/supersede")
  public Uni<RestResponse<MemoryView>> supersede(
      @PathParam("id") long id, @Valid @NotNull MemoryRequests.Supersede body) {
    return memories.supersede(Caller.of(identity), id, body).map(MemoryResource::created);
  }

  @POST
  @Path("/{id}/revise")
  public Uni<MemoryView> revise(
      @PathParam("id") long id, @Valid @NotNull MemoryRequests.Revise body) {
    return memories.revise(Caller.of(identity), id, body);
  }

  @POST
  @Path("/{id}/touch")
  public Uni<MemoryView> touch(
      @PathParam("id") long id, @Valid @NotNull MemoryRequests.Touch body) {
    return memories.touch(Caller.of(identity), id, body);
  }

  @DELETE
  @Path("/{id}")
  public Uni<RestResponse<Void>> delete(@PathParam("id") long id) {
    return memories.delete(Caller.of(identity), id).map(ignored -> RestResponse.noContent());
  }

  private static RestResponse<MemoryView> created(MemoryView view) {
    return RestResponse.ResponseBuilder.<MemoryView>created(URI.create("/v1/memories/" + view.id()))
        .entity(view)
        .build();
  }
}
