package dev.engram.graph.currentfacts;

import dev.engram.graph.fact.FactView.EntityRef;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import dev.engram.graph.scope.Visibility;
import dev.engram.graph.text.Names;
import dev.engram.graph.text.QueryNames;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.neo4j.driver.Record;

/**
 * Current facts for context assembly. The entities in play are found as neighbours finds its seeds
 * (the longest word runs of the text that are a known name or alias of the tenant, then the names
 * given directly); their facts are then read in one statement. Unknown names are not an error: they
 * put nothing in play.
 */
@ApplicationScoped
class CurrentFactsService {

  private final Neo4jClient neo4j;

  CurrentFactsService(Neo4jClient neo4j) {
    this.neo4j = neo4j;
  }

  /** One row of the facts query: the fact and how many matched in all. */
  private record Matched(long total, CurrentFactsResponse.CurrentFact fact) {}

  CurrentFactsResponse find(CurrentFactsRequest request) {
    long started = System.nanoTime();
    Map<String, Object> parameters =
        new Visibility(request.tenant(), request.agent(), request.chat(), request.mode())
            .parameters();
    Set<String> withFacts = new HashSet<>();
    List<EntityRef> inPlay = entitiesInPlay(request, parameters, withFacts);
    List<CurrentFactsResponse.CurrentFact> facts = new ArrayList<>();
    long total = 0;
    if (inPlay.stream().anyMatch(entity -> withFacts.contains(entity.id()))) {
      parameters.put("entities", inPlay.stream().map(EntityRef::id).toList());
      parameters.put("now", Neo4jValues.time(Instant.now()));
      parameters.put("limit", request.limitOrDefault());
      List<Matched> rows =
          neo4j.read(
              CurrentFactsQueries.FACTS,
              parameters,
              row -> new Matched(row.get("total").asLong(), fact(row)));
      rows.forEach(row -> facts.add(row.fact()));
      total = rows.isEmpty() ? 0 : rows.getFirst().total();
    }
    long tookMs = (System.nanoTime() - started) / 1_000_000;
    return new CurrentFactsResponse(inPlay, facts, total - facts.size(), tookMs, null);
  }

  /**
   * The longest matches of the text, then the names given directly, each entity once; the ids of
   * those found with any fact are added to {@code withFacts}.
   */
  private List<EntityRef> entitiesInPlay(
      CurrentFactsRequest request, Map<String, Object> parameters, Set<String> withFacts) {
    List<QueryNames.Span> spans =
        request.text() == null ? List.of() : QueryNames.candidates(request.text());
    List<String> named = new ArrayList<>();
    if (request.entities() != null) {
      request.entities().stream()
          .map(Names::normalize)
          .filter(key -> !key.isEmpty())
          .forEach(named::add);
    }
    Set<String> keys = new LinkedHashSet<>(QueryNames.keys(spans));
    keys.addAll(named);
    if (keys.isEmpty()) {
      return List.of();
    }
    parameters.put("keys", List.copyOf(keys));
    Map<String, EntityRef> byKey = new HashMap<>();
    neo4j
        .read(
            CurrentFactsQueries.ENTITIES,
            parameters,
            row -> {
              if (row.get("has_facts").asBoolean()) {
                withFacts.add(row.get("id").asString());
              }
              return Map.entry(
                  row.get("key").asString(),
                  new EntityRef(row.get("id").asString(), row.get("name").asString()));
            })
        .forEach(found -> byKey.put(found.getKey(), found.getValue()));
    List<String> chosen = new ArrayList<>();
    QueryNames.longestMatches(spans, byKey.keySet()).forEach(span -> chosen.add(span.key()));
    named.stream().filter(byKey::containsKey).forEach(chosen::add);
    Map<String, EntityRef> entities = new LinkedHashMap<>();
    chosen.forEach(key -> entities.putIfAbsent(byKey.get(key).id(), byKey.get(key)));
    return List.copyOf(entities.values());
  }

  private static CurrentFactsResponse.CurrentFact fact(Record row) {
    return new CurrentFactsResponse.CurrentFact(
        row.get("id").asLong(),
        new EntityRef(row.get("subject_id").asString(), row.get("subject_name").asString()),
        row.get("predicate").asString(),
        new EntityRef(row.get("object_id").asString(), row.get("object_name").asString()),
        Neo4jValues.instant(row.get("valid_from")),
        Neo4jValues.instant(row.get("valid_to")),
        row.get("confidence").asDouble(1.0),
        Neo4jValues.string(row.get("scope")),
        Neo4jValues.string(row.get("agent")),
        Neo4jValues.string(row.get("chat")));
  }
}
