package dev.engram.recall.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Instant;
import java.util.List;

/**
 * graph-service's {@code POST /internal/v1/graph/neighbours} on the wire (docs/internal-apis.md).
 * Answers ignore unknown fields: a newer graph-service may add some.
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
      Instant asOf) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record NeighboursResponse(List<Entity> entities, List<Item> items, Long tookMs) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Entity(String id, String name, Double centrality) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Item(String kind, Long id, Integer hops, Double score, List<String> via) {}
}
