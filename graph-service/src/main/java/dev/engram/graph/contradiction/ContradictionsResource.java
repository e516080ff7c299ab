package dev.engram.graph.contradiction;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;
import dev.engram.graph.belief.BeliefService;
import dev.engram.graph.belief.BeliefView;
import dev.engram.graph.entity.EntityService;
import dev.engram.graph.entity.EntityView;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import dev.engram.graph.scope.Limits;
import dev.engram.graph.scope.Visibility;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.neo4j.driver.Record;
import org.neo4j.driver.Value;

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
  private final Neo4jClient neo4j;
  private final EntityService entities;
  private final BeliefService beliefs;

  ContradictionsResource(
      SecurityIdentity identity, Neo4jClient neo4j, EntityService entities, BeliefService beliefs) {
    this.identity = identity;
    this.neo4j = neo4j;
    this.entities = entities;
    this.beliefs = beliefs;
  }

  /** A memory at one end of a contradiction. */
  public record MemoryRef(long id, String text, Instant createdAt, Double confidence) {}

  /** Memory {@code from} contradicts memory {@code to}, with this weight. */
  public record Contradiction(
      long relationId, double weight, Instant createdAt, MemoryRef from, MemoryRef to) {}

  /** Both kinds of contradiction. */
  public record Contradictions(List<Contradiction> relations, List<BeliefView> beliefs) {}

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
    String tenant = Caller.of(identity).tenant();
    Visibility visibility = Visibility.of(tenant, agent, chat);
    Map<String, Object> parameters = visibility.parameters();
    int max = Limits.limit("limit", limit, DEFAULT_LIMIT, MAX_LIMIT);
    parameters.put("limit", max);
    Integer memory = QueryParams.intValue("memory_id", memoryId);
    if (memory != null && entity != null && !entity.isBlank()) {
      throw EngramException.invalid("entity", "exclusive", "give memory_id or entity, not both");
    }
    if (memory != null) {
      parameters.put("memory", memory.longValue());
      return new Contradictions(
          neo4j.read(ContradictionQueries.BY_MEMORY, parameters, ContradictionsResource::of),
          List.of());
    }
    if (entity != null && !entity.isBlank()) {
      EntityView found = entities.require(visibility, entity.strip());
      parameters.put("entity", found.id());
      return new Contradictions(
          neo4j.read(ContradictionQueries.BY_ENTITY, parameters, ContradictionsResource::of),
          beliefs.contradicted(tenant, found.normalizedName(), max));
    }
    return new Contradictions(
        neo4j.read(ContradictionQueries.ALL, parameters, ContradictionsResource::of),
        beliefs.contradicted(tenant, null, max));
  }

  private static Contradiction of(Record row) {
    return new Contradiction(
        row.get("id").asLong(),
        row.get("weight").asDouble(1.0),
        Neo4jValues.instant(row.get("created_at")),
        memory(row.get("from")),
        memory(row.get("to")));
  }

  private static MemoryRef memory(Value m) {
    return new MemoryRef(
        m.get("id").asLong(),
        Neo4jValues.string(m.get("text")),
        Neo4jValues.instant(m.get("created_at")),
        Neo4jValues.decimal(m.get("confidence")));
  }
}
