package dev.engram.graph.neighbours;

import dev.engram.common.error.EngramException;
import dev.engram.graph.centrality.ViewCentrality;
import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import dev.engram.graph.scope.Visibility;
import dev.engram.graph.text.Names;
import dev.engram.graph.text.QueryNames;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.neo4j.driver.Record;

/**
 * Neighbours for recall. Every word run of the query that could be a name is looked up among the
 * tenant's known names and aliases (longest match first), then the graph is expanded hop by hop,
 * one round trip per hop (the first one doing the lookup too): the memories and exchanges linked to
 * the frontier entities, the memories related to the last hop's memories, and the entities one fact
 * away for the next hop. Each item is scored by the confidences along its path × decay^(hops-1) and
 * keeps its best path.
 */
@ApplicationScoped
class NeighboursService {

  private final Neo4jClient neo4j;
  private final GraphConfig.Neighbours config;

  NeighboursService(Neo4jClient neo4j, GraphConfig config) {
    this.neo4j = neo4j;
    this.config = config.neighbours();
  }

  private record Found(
      String kind, long id, int hops, double weight, double score, Set<String> via) {}

  /** The walk's state between hops. */
  private static final class Walk {
    final Map<String, NeighboursResponse.Seed> seeds = new LinkedHashMap<>();
    final Map<String, Double> entities = new LinkedHashMap<>();
    final Map<String, Set<String>> via = new HashMap<>();
    final Set<String> seen = new LinkedHashSet<>();
    final Map<Long, Double> memories = new LinkedHashMap<>();
    final Map<Long, Set<String>> memoryVia = new HashMap<>();
    final Map<String, Found> items = new HashMap<>();
    final Set<Long> given = new LinkedHashSet<>();
  }

  NeighboursResponse find(NeighboursRequest request) {
    long started = System.nanoTime();
    int maxHops = request.maxHops() == null ? config.defaultMaxHops() : request.maxHops();
    int limit = request.limit() == null ? config.defaultLimit() : request.limit();
    if (limit > config.maxLimit()) {
      throw EngramException.invalid("limit", "max", "at most " + config.maxLimit());
    }
    Map<String, Object> parameters =
        new Visibility(request.tenant(), request.agent(), request.chat(), request.mode())
            .parameters();
    parameters.put("asOf", Neo4jValues.time(request.asOf()));
    parameters.put("views", ViewCentrality.keysOf(request.agent(), request.chat()));

    Walk walk = new Walk();
    if (request.memoryIds() != null) {
      walk.given.addAll(request.memoryIds());
      walk.given.forEach(id -> walk.memories.put(id, 1.0));
    }
    List<QueryNames.Span> spans =
        request.query() == null ? List.of() : QueryNames.candidates(request.query());
    List<String> named = new ArrayList<>();
    if (request.entities() != null) {
      request.entities().stream()
          .map(Names::normalize)
          .filter(k -> !k.isEmpty())
          .forEach(named::add);
    }
    Set<String> keys = new LinkedHashSet<>(QueryNames.keys(spans));
    keys.addAll(named);

    for (int hop = 1; hop <= maxHops; hop++) {
      if (hop > 1 && walk.entities.isEmpty() && walk.memories.isEmpty()) {
        break;
      }
      parameters.put("memories", List.copyOf(walk.memories.keySet()));
      parameters.put("expand", hop < maxHops);
      // Beyond the first hop only the best `limit` items can matter, from a frontier of many.
      parameters.put(
          "perNode", hop == 1 ? config.perNodeLimit() : Math.min(config.perNodeLimit(), limit));
      List<Record> rows;
      if (hop == 1) {
        parameters.put("keys", List.copyOf(keys));
        rows = neo4j.read(NeighboursQueries.FIRST_HOP, parameters, row -> row);
        chooseSeeds(walk, rows, spans, named);
      } else {
        parameters.put("entities", List.copyOf(walk.entities.keySet()));
        rows = neo4j.read(NeighboursQueries.HOP, parameters, row -> row);
      }
      step(walk, inStableOrder(rows), hop);
      if (hop == 1 && maxHops > 1 && !walk.given.isEmpty()) {
        entitiesOfGiven(walk, parameters);
      }
    }
    List<NeighboursResponse.Item> ranked =
        walk.items.values().stream()
            .sorted(
                Comparator.comparingDouble(Found::score)
                    .reversed()
                    .thenComparingInt(Found::hops)
                    .thenComparing(Found::kind)
                    .thenComparingLong(Found::id))
            .limit(limit)
            .map(
                f ->
                    new NeighboursResponse.Item(
                        f.kind(), f.id(), f.hops(), round(f.score()), List.copyOf(f.via())))
            .toList();
    long tookMs = (System.nanoTime() - started) / 1_000_000;
    return new NeighboursResponse(List.copyOf(walk.seeds.values()), ranked, tookMs);
  }

  /**
   * The names found: the longest matches of the query, then the names given directly. Only names
   * whose entity leads somewhere for this reader (an item, or a fact to another entity) count, so a
   * longer name that only another chat knows ("Alice Smith") cannot hide the reader's "Alice"
   * (issue 14).
   */
  private static void chooseSeeds(
      Walk walk, List<Record> rows, List<QueryNames.Span> spans, List<String> named) {
    Set<String> leading = new HashSet<>();
    for (Record row : rows) {
      String kind = row.get("row").asString();
      if (kind.equals("item") || kind.equals("entity")) {
        leading.add(row.get("source").asString());
      }
    }
    Map<String, NeighboursResponse.Seed> byKey = new HashMap<>();
    for (Record row : rows) {
      if (row.get("row").asString().equals("seed") && leading.contains(row.get("id").asString())) {
        byKey.put(
            row.get("source").asString(),
            new NeighboursResponse.Seed(
                row.get("id").asString(),
                row.get("name").asString(),
                row.get("weight").asDouble()));
      }
    }
    List<String> chosen = new ArrayList<>();
    QueryNames.longestMatches(spans, byKey.keySet()).forEach(span -> chosen.add(span.key()));
    named.stream().filter(byKey::containsKey).forEach(chosen::add);
    for (String key : chosen) {
      NeighboursResponse.Seed seed = byKey.get(key);
      if (walk.seeds.putIfAbsent(seed.id(), seed) == null) {
        walk.entities.put(seed.id(), 1.0);
        walk.via.put(seed.id(), new TreeSet<>(Set.of(seed.name())));
        walk.seen.add(seed.id());
      }
    }
  }

  /** Folds one hop's rows into the walk and prepares the next hop's frontier. */
  private void step(Walk walk, List<Record> rows, int hop) {
    double decay = Math.pow(config.hopDecay(), hop - 1);
    Map<String, Double> nextEntities = new HashMap<>();
    Map<Long, Double> nextMemories = new HashMap<>();
    for (Record row : rows) {
      String source = row.get("source").asString();
      double weight = row.get("weight").asDouble();
      switch (row.get("row").asString()) {
        case "item" -> {
          Double parent = walk.entities.get(source);
          String kind = row.get("kind").asString();
          long id = row.get("id").asLong();
          if (parent == null || (kind.equals("memory") && walk.given.contains(id))) {
            continue;
          }
          double w = parent * weight;
          Set<String> names = walk.via.get(source);
          if (offer(walk.items, new Found(kind, id, hop, w, w * decay, names))
              && kind.equals("memory")) {
            nextMemories.merge(id, w, Math::max);
            walk.memoryVia.put(id, names);
          }
        }
        case "related" -> {
          long parent = Long.parseLong(source);
          long id = row.get("id").asLong();
          Double parentWeight = walk.memories.get(parent);
          if (parentWeight == null || walk.given.contains(id)) {
            continue;
          }
          double w = parentWeight * weight;
          Set<String> names = walk.memoryVia.getOrDefault(parent, Set.of());
          if (offer(walk.items, new Found("memory", id, hop, w, w * decay, names))) {
            nextMemories.merge(id, w, Math::max);
            walk.memoryVia.putIfAbsent(id, names);
          }
        }
        case "entity" -> {
          Double parent = walk.entities.get(source);
          String id = row.get("id").asString();
          if (parent != null && !walk.seen.contains(id)) {
            nextEntities.merge(id, parent * weight, Math::max);
            walk.via.computeIfAbsent(id, k -> new TreeSet<>()).addAll(walk.via.get(source));
          }
        }
        default -> {}
      }
    }
    walk.entities.clear();
    for (String id : top(nextEntities, config.frontierLimit())) {
      walk.entities.put(id, nextEntities.get(id));
      walk.seen.add(id);
    }
    walk.memories.clear();
    top(nextMemories, config.frontierLimit())
        .forEach(id -> walk.memories.put(id, nextMemories.get(id)));
  }

  /** The entities the given memories mention join the frontier of the second hop. */
  private void entitiesOfGiven(Walk walk, Map<String, Object> parameters) {
    parameters.put("memories", List.copyOf(walk.given));
    neo4j.read(
        NeighboursQueries.ENTITIES_OF_MEMORIES,
        parameters,
        row -> {
          String id = row.get("id").asString();
          if (walk.seen.add(id)) {
            walk.entities.put(id, 1.0);
            walk.via.put(id, new TreeSet<>(Set.of(row.get("name").asString())));
          }
          return null;
        });
  }

  /**
   * The rows of a hop sorted by what they say, so that which of two equally good paths an item
   * keeps (its hops and via) depends on the graph's content, never on the order Neo4j returns it.
   */
  private static List<Record> inStableOrder(List<Record> rows) {
    return rows.stream()
        .sorted(
            Comparator.<Record, String>comparing(r -> r.get("row").asString())
                .thenComparing(r -> r.get("source").asString())
                .thenComparing(r -> r.get("kind").asString())
                .thenComparing(r -> String.valueOf(r.get("id").asObject()))
                .thenComparing(r -> -r.get("weight").asDouble()))
        .toList();
  }

  /** Keeps the better of two paths to one item; true when the item is new. */
  private static boolean offer(Map<String, Found> items, Found found) {
    String key = found.kind() + ':' + found.id();
    Found current = items.get(key);
    if (current == null || found.score() > current.score()) {
      items.put(key, found);
      return current == null;
    }
    return false;
  }

  /** The {@code n} heaviest, ties broken by the key (never by arrival or hash order). */
  private static <K extends Comparable<K>> List<K> top(Map<K, Double> weights, int n) {
    return weights.entrySet().stream()
        .sorted(
            Map.Entry.<K, Double>comparingByValue()
                .reversed()
                .thenComparing(Map.Entry.comparingByKey()))
        .limit(n)
        .map(Map.Entry::getKey)
        .toList();
  }

  private static double round(double score) {
    return Math.round(score * 1_000_000d) / 1_000_000d;
  }
}
