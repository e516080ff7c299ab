package dev.engram.graph.traversal;

import dev.engram.common.error.EngramException;
import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.entity.EntityService;
import dev.engram.graph.entity.EntityView;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import dev.engram.graph.operations.RelationType;
import dev.engram.graph.scope.Visibility;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Breadth-first traversal: level by level (one round trip each) from the seeds, through facts,
 * mentions and memory relations, each node reached once at its shallowest depth by its best-scoring
 * link of that level.
 */
@ApplicationScoped
class TraversalService {

  private final Neo4jClient neo4j;
  private final EntityService entities;
  private final GraphConfig.Traversal config;

  TraversalService(Neo4jClient neo4j, EntityService entities, GraphConfig config) {
    this.neo4j = neo4j;
    this.entities = entities;
    this.config = config.traversal();
  }

  /** A node reached: entity ({@code e-…} id) or memory/exchange (numeric id as text). */
  record Node(
      String kind, String id, String label, int depth, double score, String parent, String edge) {

    String key() {
      return kind + ":" + id;
    }
  }

  /** The nodes reached, seeds first, then by depth and score. */
  record Traversal(List<Node> nodes) {}

  Traversal traverse(String tenant, TraversalRequest request) {
    Visibility visibility = Visibility.of(tenant, request.agent(), request.chat(), request.mode());
    int maxDepth = request.maxDepth() == null ? 2 : request.maxDepth();
    double decay = request.decay() == null ? config.defaultDecay() : request.decay();
    int limit = request.limit() == null ? config.maxNodes() : request.limit();
    if (limit > config.maxNodes()) {
      throw EngramException.invalid("limit", "max", "at most " + config.maxNodes());
    }
    Map<String, Node> reached = new LinkedHashMap<>();
    if (request.entities() != null) {
      for (String ref : request.entities()) {
        EntityView entity = entities.require(visibility, ref);
        put(reached, new Node("entity", entity.id(), entity.name(), 0, 1.0, null, null));
      }
    }
    Map<String, Object> parameters = visibility.parameters();
    if (request.memoryIds() != null && !request.memoryIds().isEmpty()) {
      parameters.put("ids", request.memoryIds());
      neo4j.read(
          TraversalQueries.MEMORIES,
          parameters,
          row ->
              put(
                  reached,
                  new Node(
                      "memory",
                      String.valueOf(row.get("id").asLong()),
                      Neo4jValues.string(row.get("text")),
                      0,
                      1.0,
                      null,
                      null)));
    }
    if (reached.isEmpty()) {
      throw EngramException.invalid(
          "entities", "required", "start from at least one entity or memory the reader may see");
    }
    parameters.put("asOf", Neo4jValues.time(request.asOf()));
    parameters.put("perNode", config.perNodeLimit());
    parameters.put("predicates", request.predicates());
    parameters.put(
        "relations",
        request.relations() == null
            ? null
            : request.relations().stream().map(RelationType::name).toList());
    List<Node> frontier = new ArrayList<>(reached.values());
    for (int depth = 1;
        depth <= maxDepth && !frontier.isEmpty() && reached.size() < limit;
        depth++) {
      Map<String, Node> byKey = new LinkedHashMap<>();
      frontier.forEach(n -> byKey.put(n.key(), n));
      parameters.put("entities", ids(frontier, "entity", false));
      parameters.put("memories", ids(frontier, "memory", true));
      parameters.put("exchanges", ids(frontier, "exchange", true));
      Map<String, Node> next = new LinkedHashMap<>();
      int d = depth;
      neo4j.read(
          TraversalQueries.STEP,
          parameters,
          row -> {
            Node parent =
                byKey.get(row.get("from_kind").asString() + ":" + row.get("from_id").asString());
            Node node =
                new Node(
                    row.get("kind").asString(),
                    row.get("id").asString(),
                    Neo4jValues.string(row.get("label")),
                    d,
                    parent.score() * row.get("weight").asDouble() * decay,
                    parent.key(),
                    row.get("edge").asString());
            if (!reached.containsKey(node.key())) {
              next.merge(node.key(), node, (a, b) -> a.score() >= b.score() ? a : b);
            }
            return null;
          });
      frontier =
          next.values().stream()
              .sorted(Comparator.comparingDouble(Node::score).reversed())
              .limit(limit - reached.size())
              .toList();
      frontier.forEach(n -> put(reached, n));
    }
    return new Traversal(List.copyOf(reached.values()));
  }

  private static Object put(Map<String, Node> reached, Node node) {
    reached.putIfAbsent(node.key(), node);
    return null;
  }

  private static List<Object> ids(List<Node> nodes, String kind, boolean numeric) {
    return nodes.stream()
        .filter(n -> n.kind().equals(kind))
        .map(n -> numeric ? (Object) Long.parseLong(n.id()) : n.id())
        .toList();
  }
}
