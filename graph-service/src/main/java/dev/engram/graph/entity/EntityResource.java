package dev.engram.graph.entity;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;
import dev.engram.graph.scope.Limits;
import dev.engram.graph.scope.Visibility;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Entities of the caller's tenant, by id ({@code e-…}) or by name or alias. With {@code agent} (and
 * {@code chat}) only what that agent may see counts; without, the whole tenant.
 */
@Path("/v1/entities")
@Tag(name = "entities")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
public class EntityResource {

  private static final int DEFAULT_LIMIT = 200;
  private static final int MAX_LIMIT = 1000;

  private final SecurityIdentity identity;
  private final EntityService entities;

  EntityResource(SecurityIdentity identity, EntityService entities) {
    this.identity = identity;
    this.entities = entities;
  }

  @GET
  @Operation(
      summary = "An entity by name, with its current facts or those as_of a time",
      description = "as_of is world time: the facts that were true then, as known now.")
  public EntityService.EntityFacts byName(
      @QueryParam("name") String name,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("mode") String mode,
      @QueryParam("as_of") String asOf,
      @QueryParam("predicate") String predicate,
      @QueryParam("limit") String limit) {
    if (name == null || name.isBlank()) {
      throw EngramException.invalid(
          "name", "required", "name the entity (or GET /v1/entities/{id})");
    }
    return get(name, agent, chat, mode, asOf, predicate, limit);
  }

  @GET
  @Path("/{ref}")
  @Operation(summary = "An entity by id or name, with its current facts or those as_of a time")
  public EntityService.EntityFacts get(
      @PathParam("ref") String ref,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("mode") String mode,
      @QueryParam("as_of") String asOf,
      @QueryParam("predicate") String predicate,
      @QueryParam("limit") String limit) {
    return entities.facts(
        visibility(agent, chat, mode),
        ref,
        QueryParams.instant("as_of", asOf),
        blankToNull(predicate),
        Limits.limit("limit", limit, DEFAULT_LIMIT, MAX_LIMIT));
  }

  @GET
  @Path("/{ref}/timeline")
  @Operation(
      summary = "What changed about an entity",
      description = "All its facts, invalidated ones included, in valid-time order.")
  public EntityService.Timeline timeline(
      @PathParam("ref") String ref,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("mode") String mode,
      @QueryParam("predicate") String predicate,
      @QueryParam("limit") String limit) {
    return entities.timeline(
        visibility(agent, chat, mode),
        ref,
        blankToNull(predicate),
        Limits.limit("limit", limit, DEFAULT_LIMIT, MAX_LIMIT));
  }

  private Visibility visibility(String agent, String chat, String mode) {
    return Visibility.of(Caller.of(identity).tenant(), agent, chat, mode);
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }
}
