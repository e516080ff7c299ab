package dev.engram.capture.relation;

import dev.engram.capture.idempotency.Idempotent;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.net.URI;
import java.util.List;
import org.jboss.resteasy.reactive.RestResponse;

/** Typed links from a memory to another: {@code /v1/memories/{id}/relations}. */
@Idempotent
@Path("/v1/memories/{id}/relations")
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
class RelationResource {

  /** {@code POST} body: the memory this one relates to, how, and how strongly (default 1). */
  record Create(
      @NotNull @Positive Long toMemory,
      @NotNull RelationType type,
      @DecimalMin("0.0") @DecimalMax("1.0") Double weight) {}

  /** Relations from and to a memory. */
  record Listing(List<RelationView> items) {}

  private final RelationService relations;
  private final SecurityIdentity identity;

  RelationResource(RelationService relations, SecurityIdentity identity) {
    this.relations = relations;
    this.identity = identity;
  }

  @POST
  public Uni<RestResponse<RelationView>> create(
      @PathParam("id") long id, @Valid @NotNull Create body) {
    return relations
        .create(Caller.of(identity), id, body.toMemory(), body.type(), body.weight())
        .map(
            view ->
                RestResponse.ResponseBuilder.<RelationView>created(
                        URI.create("/v1/memories/" + id + "/relations/" + view.id()))
                    .entity(view)
                    .build());
  }

  @GET
  public Uni<Listing> list(@PathParam("id") long id) {
    return relations.list(Caller.of(identity), id).map(Listing::new);
  }

  @DELETE
  @Path("/{relation}")
  public Uni<RestResponse<Void>> delete(
      @PathParam("id") long id, @PathParam("relation") long relation) {
    return relations
        .delete(Caller.of(identity), id, relation)
        .map(ignored -> RestResponse.noContent());
  }
}
