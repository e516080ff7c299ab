package dev.engram.graph.contradiction;

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
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Contradictions: CONTRADICTS relations between memories (newest first) and beliefs recorded as
 * contradictions. "What contradicts memory 42?" is {@code ?memory_id=42}.
 */
@Path("/v1/contradictions")
@Tag(name = "contradictions")
@Produces(MediaType.APPLICATION_JSON)
public class ContradictionsResource {

  private static final int DEFAULT_LIMIT = 50;
  private static final int MAX_LIMIT = 500;

  private final SecurityIdentity identity;
  private final ContradictionService contradictions;

  ContradictionsResource(SecurityIdentity identity, ContradictionService contradictions) {
    this.identity = identity;
    this.contradictions = contradictions;
  }

  @GET
  @RolesAllowed({Roles.AGENT, Roles.ADMIN})
  @Operation(
      summary = "Contradictions, optionally about one memory or one entity",
      description =
          "memory_id: what contradicts that memory (either direction). entity: contradictions"
              + " between memories naming it, and contradicted beliefs naming it.")
  public Contradictions list(
      @QueryParam("memory_id") String memoryId,
      @QueryParam("entity") String entity,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("limit") String limit) {
    Visibility visibility = Visibility.of(Caller.of(identity).tenant(), agent, chat);
    int max = Limits.limit("limit", limit, DEFAULT_LIMIT, MAX_LIMIT);
    Long memory = QueryParams.longValue("memory_id", memoryId);
    boolean byEntity = entity != null && !entity.isBlank();
    if (memory != null && byEntity) {
      throw EngramException.invalid("entity", "exclusive", "give memory_id or entity, not both");
    }
    if (memory != null) {
      return contradictions.aboutMemory(visibility, memory, max);
    }
    if (byEntity) {
      return contradictions.aboutEntity(visibility, entity.strip(), max);
    }
    return contradictions.all(visibility, max);
  }
}
