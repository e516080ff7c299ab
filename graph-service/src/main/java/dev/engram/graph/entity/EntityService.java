package dev.engram.graph.entity;

import dev.engram.common.error.EngramException;
import dev.engram.graph.GraphError;
import dev.engram.graph.fact.FactView;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import dev.engram.graph.scope.Visibility;
import dev.engram.graph.text.Names;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** Entities by id or name, with their facts now or at a time, and their timeline. */
@ApplicationScoped
public class EntityService {

  private static final Pattern ID = Pattern.compile("e-[0-9a-f]{16}");

  private final Neo4jClient neo4j;

  EntityService(Neo4jClient neo4j) {
    this.neo4j = neo4j;
  }

  /** An entity and the facts that hold now ({@code asOf} null) or at {@code asOf}. */
  public record EntityFacts(EntityView entity, Instant asOf, List<FactView> facts) {}

  /** An entity and all its facts in valid-time order, invalidated ones included. */
  public record Timeline(EntityView entity, List<FactView> facts) {}

  EntityFacts facts(Visibility visibility, String ref, Instant asOf, String predicate, int limit) {
    EntityView entity = require(visibility, ref);
    Map<String, Object> parameters = visibility.parameters();
    parameters.put("id", entity.id());
    parameters.put("asOf", Neo4jValues.time(asOf));
    parameters.put("predicate", predicate);
    parameters.put("limit", limit);
    return new EntityFacts(entity, asOf, neo4j.read(EntityQueries.FACTS, parameters, FactView::of));
  }

  Timeline timeline(Visibility visibility, String ref, String predicate, int limit) {
    EntityView entity = require(visibility, ref);
    Map<String, Object> parameters = visibility.parameters();
    parameters.put("id", entity.id());
    parameters.put("predicate", predicate);
    parameters.put("limit", limit);
    return new Timeline(entity, neo4j.read(EntityQueries.TIMELINE, parameters, FactView::of));
  }

  /** The entity {@code ref} names (an id, or a name or alias), if the reader sees any of it. */
  public Optional<EntityView> find(Visibility visibility, String ref) {
    Map<String, Object> parameters = visibility.parameters();
    String query;
    if (ID.matcher(ref).matches()) {
      query = EntityQueries.BY_ID;
      parameters.put("id", ref);
    } else {
      String key = Names.normalize(ref);
      if (key.isEmpty()) {
        return Optional.empty();
      }
      query = EntityQueries.BY_KEY;
      parameters.put("key", key);
    }
    return neo4j
        .read(
            query,
            parameters,
            row -> row.get("visible").asBoolean() ? EntityView.of(row.get("entity")) : null)
        .stream()
        .filter(java.util.Objects::nonNull)
        .findFirst();
  }

  public EntityView require(Visibility visibility, String ref) {
    return find(visibility, ref)
        .orElseThrow(
            () ->
                new EngramException(
                    GraphError.ENTITY_NOT_FOUND, "No entity named or with id '" + ref + "'"));
  }
}
