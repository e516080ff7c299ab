package dev.engram.graph.operations;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.graph.entity.EntityService;
import dev.engram.graph.entity.EntityView;
import dev.engram.graph.scope.Visibility;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Merging entities by hand, listing merges (fuzzy ones included), and undoing them. */
@Path("/v1/merges")
@Tag(name = "entities")
@Produces(MediaType.APPLICATION_JSON)
public class MergeResource {

  private final SecurityIdentity identity;
  private final MergeService merges;
  private final EntityService entities;

  MergeResource(SecurityIdentity identity, MergeService merges, EntityService entities) {
    this.identity = identity;
    this.merges = merges;
    this.entities = entities;
  }

  /** Body of {@code POST /v1/merges}: entity ids or names. */
  public record MergeRequest(@NotBlank String from, @NotBlank String into) {}

  /** The merges an entity took part in, newest first. */
  public record Merges(List<MergeView> merges) {}

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed(Roles.ADMIN)
  @Operation(
      summary = "Merge one entity into another",
      description = "Recorded; POST /v1/merges/{id}/undo reverses it.")
  public MergeView merge(@NotNull @Valid MergeRequest request) {
    String tenant = Caller.of(identity).tenant();
    Visibility all = new Visibility(tenant, null, null);
    return merges.merge(
        tenant,
        entities.require(all, request.from()).id(),
        entities.require(all, request.into()).id());
  }

  @GET
  @RolesAllowed({Roles.AGENT, Roles.ADMIN})
  @Operation(summary = "The merges an entity (id or name) took part in, manual and fuzzy")
  public Merges of(@QueryParam("entity") String ref) {
    if (ref == null || ref.isBlank()) {
      throw EngramException.invalid("entity", "required", "name the entity (id or name)");
    }
    String tenant = Caller.of(identity).tenant();
    EntityView entity = entities.require(new Visibility(tenant, null, null), ref.strip());
    return new Merges(merges.of(tenant, entity.id()));
  }

  @POST
  @Path("/{id}/undo")
  @RolesAllowed(Roles.ADMIN)
  @Operation(
      summary = "Undo a merge",
      description =
          "The merged entity comes back with the names, facts and mentions written under its"
              + " names.")
  public MergeView undo(@PathParam("id") String id) {
    return merges.undo(Caller.of(identity).tenant(), id);
  }
}
