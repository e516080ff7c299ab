package dev.engram.graph.factsearch;

import dev.engram.graph.entity.EntityService;
import dev.engram.graph.entity.EntityView;
import dev.engram.graph.fact.FactView;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import dev.engram.graph.scope.Visibility;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Fact search: resolves the subject and object names the reader can see, then runs the statement
 * anchored on the most selective of them.
 */
@ApplicationScoped
class FactSearch {

  private final EntityService entities;
  private final Neo4jClient neo4j;

  FactSearch(EntityService entities, Neo4jClient neo4j) {
    this.entities = entities;
    this.neo4j = neo4j;
  }

  /**
   * What to look for; null fields do not filter.
   *
   * @param subject an entity name, alias or id
   * @param object an entity name, alias or id
   * @param current true: only current facts; false: only invalidated ones
   */
  record Criteria(
      String subject,
      String predicate,
      String object,
      Instant from,
      Instant to,
      Boolean current,
      int limit) {}

  List<FactView> search(Visibility visibility, Criteria criteria) {
    Map<String, Object> parameters = visibility.parameters();
    parameters.put("predicate", criteria.predicate());
    parameters.put("current", criteria.current());
    parameters.put("from", Neo4jValues.time(criteria.from()));
    parameters.put("to", Neo4jValues.time(criteria.to()));
    parameters.put("limit", criteria.limit());
    Optional<String> subjectId = entityId(visibility, criteria.subject());
    Optional<String> objectId = entityId(visibility, criteria.object());
    if (subjectId == null || objectId == null) {
      return List.of();
    }
    parameters.put("subject", subjectId.orElse(null));
    parameters.put("object", objectId.orElse(null));
    String query =
        subjectId.isPresent()
            ? FactSearchQueries.BY_SUBJECT
            : objectId.isPresent()
                ? FactSearchQueries.BY_OBJECT
                : criteria.predicate() != null
                    ? FactSearchQueries.BY_PREDICATE
                    : FactSearchQueries.ALL;
    return neo4j.read(query, parameters, FactView::of);
  }

  /** Empty when not asked for; null when asked for an entity the reader cannot see. */
  private Optional<String> entityId(Visibility visibility, String ref) {
    if (ref == null) {
      return Optional.empty();
    }
    return entities.find(visibility, ref).map(EntityView::id).map(Optional::of).orElse(null);
  }
}
