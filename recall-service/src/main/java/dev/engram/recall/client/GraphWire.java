package dev.engram.recall.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Instant;
import java.util.List;

/**
 * graph-service's {@code POST /internal/v1/graph/neighbours} and {@code .../facts/current} on the
 * wire (docs/internal-apis.md). Answers ignore unknown fields: a newer graph-service may add some.
 */
final class GraphWire {

  private GraphWire() {}

  record NeighboursRequest(
      String tenant,
      String agent,
      String chat,
      String query,
      List<Long> memoryIds,
      int maxHops,
      int limit,
      Instant asOf,
      String mode) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record NeighboursResponse(List<Entity> entities, List<Item> items, Long tookMs) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Entity(String id, String name, Double centrality) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Item(String kind, Long id, Integer hops, Double score, List<String> via) {}

  record CurrentFactsRequest(
      String tenant,
      String agent,
      String chat,
      String text,
      List<String> entities,
      int limit,
      String mode,
      Integer beliefsLimit) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record CurrentFactsResponse(
      List<Entity> entities,
      List<Fact> facts,
      Long omitted,
      Long tookMs,
      List<BeliefsWire.Belief> beliefs) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Fact(
      Long id,
      Entity subject,
      String predicate,
      Entity object,
      Instant validFrom,
      Instant validTo,
      Double confidence,
      String scope,
      String agent,
      String chat) {}
}
