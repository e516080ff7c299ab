package dev.engram.graph.fact;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;
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
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Fact search by subject, predicate, object and a world-time window. */
@Path("/v1/facts")
@Tag(name = "facts")
@Produces(MediaType.APPLICATION_JSON)
public class FactResource {

  private static final int DEFAULT_LIMIT = 100;
  private static final int MAX_LIMIT = 1000;

  private final SecurityIdentity identity;
  private final EntityService entities;
  private final Neo4jClient neo4j;

  FactResource(SecurityIdentity identity, EntityService entities, Neo4jClient neo4j) {
    this.identity = identity;
    this.entities = entities;
    this.neo4j = neo4j;
  }

  /** The matching facts, in valid-time order. */
  public record FactPage(List<FactView> facts) {}

  @GET
  @RolesAllowed({Roles.AGENT, Roles.ADMIN})
  @Operation(
      summary = "Facts by subject, predicate, object and time window",
      description =
          "subject and object are entity names, aliases or ids. from/to select the facts valid at"
              + " some point in [from, to) (world time); current=true|false filters on system"
              + " time.")
  public FactPage search(
      @QueryParam("subject") String subject,
      @QueryParam("predicate") String predicate,
      @QueryParam("object") String object,
      @QueryParam("from") String from,
      @QueryParam("to") String to,
      @QueryParam("current") String current,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("limit") String limit) {
    Visibility visibility = Visibility.of(Caller.of(identity).tenant(), agent, chat);
    Instant fromTime = QueryParams.instant("from", from);
    Instant toTime = QueryParams.instant("to", to);
    if (fromTime != null && toTime != null && !toTime.isAfter(fromTime)) {
      throw EngramException.invalid("to", "order", "must be after from");
    }
    Map<String, Object> parameters = visibility.parameters();
    parameters.put("predicate", blankToNull(predicate));
    parameters.put("current", bool("current", current));
    parameters.put("from", Neo4jValues.time(fromTime));
    parameters.put("to", Neo4jValues.time(toTime));
    parameters.put("limit", Limits.limit("limit", limit, DEFAULT_LIMIT, MAX_LIMIT));
    Optional<String> subjectId = entityId(visibility, subject);
    Optional<String> objectId = entityId(visibility, object);
    if (subjectId == null || objectId == null) {
      return new FactPage(List.of());
    }
    parameters.put("subject", subjectId.orElse(null));
    parameters.put("object", objectId.orElse(null));
    String query =
        subjectId.isPresent()
            ? FactSearchQueries.BY_SUBJECT
            : objectId.isPresent()
                ? FactSearchQueries.BY_OBJECT
                : parameters.get("predicate") != null
                    ? FactSearchQueries.BY_PREDICATE
                    : FactSearchQueries.ALL;
    return new FactPage(neo4j.read(query, parameters, FactView::of));
  }

  /** Empty when not asked for; null when asked for an entity the reader cannot see. */
  private Optional<String> entityId(Visibility visibility, String ref) {
    if (ref == null || ref.isBlank()) {
      return Optional.empty();
    }
    return entities
        .find(visibility, ref.strip())
        .map(EntityView::id)
        .map(Optional::of)
        .orElse(null);
  }

  private static Boolean bool(String name, String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    return switch (value.strip().toLowerCase(java.util.Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw EngramException.invalid(name, "boolean", "must be true or false");
    };
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }
}
