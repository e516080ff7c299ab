package dev.engram.graph.belief;

import dev.engram.common.error.EngramException;
import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.scope.Visibility;
import dev.engram.graph.text.Names;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Deduction over the tenant's truth-valued links: current facts (subject → object, strength 1 and
 * the fact's confidence) and implication beliefs ("A → B", their truth value). A breadth-first walk
 * from {@code from}, one round trip per hop, each key expanded once (by its best path so far), at
 * most {@code fan-out} links per key and {@code fan-out} keys per hop, no key twice on a path;
 * every path that reaches {@code to} is a chain, valued by {@link Deduction}. Nothing is written.
 */
@ApplicationScoped
public class InferenceService {

  private final Neo4jClient neo4j;
  private final GraphConfig.Beliefs.Inference config;
  private final double maxConfidence;

  InferenceService(Neo4jClient neo4j, GraphConfig config) {
    this.neo4j = neo4j;
    this.config = config.beliefs().inference();
    this.maxConfidence = config.beliefs().maxConfidence();
  }

  /** A path from {@code from}: its links and the keys it went through. */
  private record Path(List<Inference.Link> links, Set<String> keys, TruthValue value) {

    Path then(Inference.Link link, double maxConfidence) {
      List<Inference.Link> longer = new ArrayList<>(links);
      longer.add(link);
      Set<String> through = new HashSet<>(keys);
      through.add(link.to());
      TruthValue step = new TruthValue(link.strength(), Math.min(link.confidence(), maxConfidence));
      return new Path(longer, through, value == null ? step : Deduction.deduce(value, step));
    }
  }

  Inference infer(String tenant, InferRequest request) {
    long started = System.nanoTime();
    Visibility visibility = Visibility.of(tenant, request.agent(), request.chat());
    int hops = hops(request.maxHops());
    String fromKey = key("from", request.from());
    String toKey = key("to", request.to());
    Map<String, String> canonical = canonical(tenant, List.of(fromKey, toKey));
    String from = canonical.get(fromKey);
    String to = canonical.get(toKey);
    if (from.equals(to)) {
      throw EngramException.invalid("to", "distinct", "name something other than from");
    }
    Map<String, Object> parameters = new HashMap<>(visibility.parameters());
    parameters.put("asOf", null);
    parameters.put("predicates", request.predicates());
    parameters.put("fan_out", config.fanOut());

    List<Path> chains = new ArrayList<>();
    Set<String> expanded = new HashSet<>(List.of(from));
    Map<String, Path> frontier = Map.of(from, new Path(List.of(), Set.of(from), null));
    for (int hop = 1; hop <= hops && !frontier.isEmpty(); hop++) {
      parameters.put("frontier", List.copyOf(frontier.keySet()));
      Map<String, Path> reached = new HashMap<>();
      for (Inference.Link link : links(parameters)) {
        Path path = frontier.get(link.from());
        if (path == null || path.keys().contains(link.to())) {
          continue; // a cycle
        }
        Path longer = path.then(link, maxConfidence);
        if (link.to().equals(to)) {
          chains.add(longer);
        } else if (!expanded.contains(link.to())) {
          reached.merge(link.to(), longer, InferenceService::better);
        }
      }
      expanded.addAll(reached.keySet());
      frontier = best(reached, config.fanOut());
    }
    List<Inference.Chain> shown =
        chains.stream()
            .sorted(byConfidence())
            .limit(config.maxChains())
            .map(
                p ->
                    new Inference.Chain(
                        p.value().strength(), p.value().confidence(), p.links().size(), p.links()))
            .toList();
    Inference.Conclusion conclusion =
        shown.isEmpty()
            ? null
            : new Inference.Conclusion(
                request.from().strip() + " → " + request.to().strip(),
                shown.getFirst().strength(),
                shown.getFirst().confidence(),
                true);
    return new Inference(
        request.from().strip(),
        request.to().strip(),
        conclusion,
        shown,
        (System.nanoTime() - started) / 1_000_000);
  }

  private int hops(Integer asked) {
    int hops = asked == null ? Math.min(config.defaultHops(), config.maxHops()) : asked;
    if (hops > config.maxHops()) {
      throw EngramException.invalid(
          "max_hops", "max", "at most " + config.maxHops() + " links per chain");
    }
    return hops;
  }

  private static String key(String field, String name) {
    String key = Names.normalize(name);
    if (key.isEmpty()) {
      throw EngramException.invalid(field, "name", "must contain a letter or digit");
    }
    return key;
  }

  private Map<String, String> canonical(String tenant, List<String> keys) {
    Map<String, String> canonical = new HashMap<>();
    neo4j.read(
        InferenceQueries.CANONICAL,
        Map.of("tenant", tenant, "keys", keys),
        row -> canonical.put(row.get("key").asString(), row.get("canonical").asString()));
    return canonical;
  }

  private List<Inference.Link> links(Map<String, Object> parameters) {
    return neo4j.read(
        InferenceQueries.LINKS,
        parameters,
        row ->
            new Inference.Link(
                row.get("kind").asString(),
                row.get("id").asString(),
                row.get("statement").asString(),
                row.get("key").asString(),
                row.get("next").asString(),
                row.get("strength").asDouble(),
                row.get("confidence").asDouble()));
  }

  private static Path better(Path a, Path b) {
    return byConfidence().compare(a, b) <= 0 ? a : b;
  }

  /** Highest confidence first, then the shorter. */
  private static Comparator<Path> byConfidence() {
    return Comparator.comparingDouble((Path p) -> -p.value().confidence())
        .thenComparingInt(p -> p.links().size());
  }

  private static Map<String, Path> best(Map<String, Path> reached, int limit) {
    Map<String, Path> kept = new LinkedHashMap<>();
    reached.entrySet().stream()
        .sorted(Map.Entry.comparingByValue(byConfidence()))
        .limit(limit)
        .forEach(e -> kept.put(e.getKey(), e.getValue()));
    return kept;
  }
}
