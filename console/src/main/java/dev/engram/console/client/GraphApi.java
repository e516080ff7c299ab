package dev.engram.console.client;

import dev.engram.console.config.ServiceUrls;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/** graph-service's public API (entities, facts, beliefs), called with the person's key. */
@ApplicationScoped
public class GraphApi {

  private static final String NAME = "graph-service";

  private final ServiceCalls calls;
  private final ServiceUrls urls;

  GraphApi(ServiceCalls calls, ServiceUrls urls) {
    this.calls = calls;
    this.urls = urls;
  }

  private ServiceCalls.As as(String key) {
    return new ServiceCalls.As(NAME, urls.graphUrl(), key);
  }

  /** The entity known by this name or alias, with its current facts. */
  public Wire.EntityFacts entityNamed(String key, String name) {
    return calls.get(
        as(key), "/v1/entities" + Query.of().add("name", name), Wire.EntityFacts.class);
  }

  /** An entity by id, with the facts that hold now ({@code asOf} null) or held then. */
  public Wire.EntityFacts entity(String key, String id, Instant asOf) {
    return calls.get(
        as(key),
        "/v1/entities/" + segment(id) + Query.of().add("as_of", asOf),
        Wire.EntityFacts.class);
  }

  /** Every fact about an entity, invalidated ones included, in valid-time order. */
  public Wire.Timeline timeline(String key, String id) {
    return calls.get(as(key), "/v1/entities/" + segment(id) + "/timeline", Wire.Timeline.class);
  }

  /** What one hop from the entity reaches: entities (by facts) and memories naming it. */
  public Wire.Traversal neighbours(String key, String id) {
    return calls.post(
        as(key), "/v1/traverse", new Wire.Traverse(List.of(id), 1), Wire.Traversal.class);
  }

  /** The most central entities, a starting point when no name is known. */
  public Wire.Ranking central(String key, int limit) {
    return calls.get(
        as(key), "/v1/centrality" + Query.of().add("limit", limit), Wire.Ranking.class);
  }

  /** Contradictions between memories and beliefs recorded as contradicted. */
  public Wire.Contradictions contradictions(String key) {
    return calls.get(
        as(key), "/v1/contradictions" + Query.of().add("limit", 50), Wire.Contradictions.class);
  }

  /** The belief about a statement. */
  public Wire.Belief belief(String key, String statement) {
    return calls.get(
        as(key), "/v1/beliefs" + Query.of().add("statement", statement), Wire.Belief.class);
  }

  /** Revises the belief about a statement with a person's evidence; answers it revised. */
  public Wire.Belief addEvidence(String key, Wire.EvidenceAsk evidence) {
    return calls.post(as(key), "/v1/beliefs/evidence", evidence, Wire.Belief.class);
  }

  private static String segment(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
