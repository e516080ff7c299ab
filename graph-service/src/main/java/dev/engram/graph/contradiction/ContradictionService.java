package dev.engram.graph.contradiction;

import dev.engram.graph.belief.BeliefService;
import dev.engram.graph.entity.EntityService;
import dev.engram.graph.entity.EntityView;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import dev.engram.graph.scope.Visibility;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import org.neo4j.driver.Record;
import org.neo4j.driver.Value;

/** Reads the contradictions a reader may see: all of them, about one memory, or one entity. */
@ApplicationScoped
class ContradictionService {

  private final Neo4jClient neo4j;
  private final EntityService entities;
  private final BeliefService beliefs;

  ContradictionService(Neo4jClient neo4j, EntityService entities, BeliefService beliefs) {
    this.neo4j = neo4j;
    this.entities = entities;
    this.beliefs = beliefs;
  }

  /** What contradicts memory {@code memory}, or what it contradicts; beliefs are not about one. */
  Contradictions aboutMemory(Visibility visibility, long memory, int limit) {
    Map<String, Object> parameters = parameters(visibility, limit);
    parameters.put("memory", memory);
    return new Contradictions(relations(ContradictionQueries.BY_MEMORY, parameters), List.of());
  }

  /**
   * Contradictions between memories naming entity {@code ref}, and contradicted beliefs naming it.
   */
  Contradictions aboutEntity(Visibility visibility, String ref, int limit) {
    EntityView found = entities.require(visibility, ref);
    Map<String, Object> parameters = parameters(visibility, limit);
    parameters.put("entity", found.id());
    return new Contradictions(
        relations(ContradictionQueries.BY_ENTITY, parameters),
        beliefs.contradicted(visibility.tenant(), found.normalizedName(), limit));
  }

  Contradictions all(Visibility visibility, int limit) {
    return new Contradictions(
        relations(ContradictionQueries.ALL, parameters(visibility, limit)),
        beliefs.contradicted(visibility.tenant(), null, limit));
  }

  private static Map<String, Object> parameters(Visibility visibility, int limit) {
    Map<String, Object> parameters = visibility.parameters();
    parameters.put("limit", limit);
    return parameters;
  }

  private List<Contradiction> relations(String query, Map<String, Object> parameters) {
    return neo4j.read(query, parameters, ContradictionService::of);
  }

  private static Contradiction of(Record row) {
    return new Contradiction(
        row.get("id").asLong(),
        row.get("weight").asDouble(1.0),
        Neo4jValues.instant(row.get("created_at")),
        memory(row.get("from")),
        memory(row.get("to")));
  }

  private static Contradiction.MemoryRef memory(Value m) {
    return new Contradiction.MemoryRef(
        m.get("id").asLong(),
        Neo4jValues.string(m.get("text")),
        Neo4jValues.instant(m.get("created_at")),
        Neo4jValues.decimal(m.get("confidence")));
  }
}
