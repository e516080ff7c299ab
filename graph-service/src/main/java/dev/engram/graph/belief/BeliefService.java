package dev.engram.graph.belief;

import dev.engram.common.Sha256;
import dev.engram.common.error.EngramException;
import dev.engram.graph.GraphError;
import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.config.GraphConfig.Beliefs.Rule;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import dev.engram.graph.scope.Visibility;
import dev.engram.graph.text.MentionExtractor;
import dev.engram.graph.text.Names;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.neo4j.driver.Record;

/**
 * Beliefs: one per statement (by normalized text) and tenant, revised by each piece of evidence
 * with the tenant's rule ({@link BeliefSettings}: NAL {@link BeliefRevision} or {@link
 * EmaRevision}). A belief that ends strongly negative (strength at most {@code
 * contradiction-strength} with at least {@code contradiction-min-confidence}) is recorded as a
 * contradiction.
 */
@ApplicationScoped
public class BeliefService {

  private final Neo4jClient neo4j;
  private final MentionExtractor extractor;
  private final GraphConfig.Beliefs config;
  private final BeliefSettings settings;
  private final GraphConfig graph;

  BeliefService(
      Neo4jClient neo4j, MentionExtractor extractor, BeliefSettings settings, GraphConfig config) {
    this.neo4j = neo4j;
    this.extractor = extractor;
    this.graph = config;
    this.config = config.beliefs();
    this.settings = settings;
  }

  /** The id of the belief about {@code statement}. */
  static String idOf(String statement) {
    return "b-" + Sha256.hex(Names.normalize(statement)).substring(0, 16);
  }

  BeliefView addEvidence(String tenant, EvidenceRequest request) {
    String evidenceId =
        request.evidenceId() != null ? request.evidenceId() : "v-" + UUID.randomUUID();
    NewEvidence evidence =
        new NewEvidence(
            evidenceId,
            request.statement(),
            request.strength(),
            request.confidence(),
            request.source(),
            request.memoryIds(),
            Instant.now());
    neo4j.inTransaction(graph.queryTimeout(), tx -> revise(tx, tenant, evidence));
    return get(tenant, idOf(request.statement()));
  }

  /**
   * Revises the belief about the evidence's statement (creating it on its first evidence) inside
   * the caller's transaction. Evidence whose id the tenant has already recorded changes nothing.
   *
   * @return whether the belief was revised (false: a repeat)
   */
  public boolean revise(Neo4jClient.Tx tx, String tenant, NewEvidence evidence) {
    Record seen =
        tx.run(
                BeliefQueries.EVIDENCE_SEEN,
                Map.of("tenant", tenant, "evidence", evidence.id()),
                row -> row)
            .getFirst();
    if (seen.get("seen").asBoolean()) {
      return false;
    }
    Rule rule = settings.ruleOf(seen.get("rule"));
    String id = idOf(evidence.statement());
    List<String> entityKeys =
        extractor.names(evidence.statement()).stream().map(Names::normalize).distinct().toList();
    Map<String, Object> lock = new HashMap<>();
    lock.put("tenant", tenant);
    lock.put("id", id);
    lock.put("statement", evidence.statement().strip());
    lock.put("key", Names.normalize(evidence.statement()));
    lock.put("now", Neo4jValues.time(Instant.now()));
    lock.put("entity_keys", entityKeys);
    lock.put("evidence", evidence.id());
    Implication implication = Implication.parse(evidence.statement()).orElse(null);
    lock.put("antecedent_key", implication == null ? null : implication.antecedentKey());
    lock.put("consequent_key", implication == null ? null : implication.consequentKey());
    Record current = tx.run(BeliefQueries.LOCK, lock, row -> row).getFirst();
    if (current.get("duplicate").asBoolean()) {
      return false;
    }
    TruthValue belief =
        current.get("strength").isNull()
            ? null
            : new TruthValue(
                current.get("strength").asDouble(), current.get("confidence").asDouble());
    BeliefRevision.Revised revised =
        settings
            .revision(rule)
            .revise(belief, new TruthValue(evidence.strength(), evidence.confidence()));
    TruthValue value = revised.value();
    Map<String, Object> write = new HashMap<>(lock);
    write.put("strength", value.strength());
    write.put("confidence", value.confidence());
    write.put("contradicted", contradicted(value));
    write.put("evidence_strength", evidence.strength());
    write.put("evidence_confidence", evidence.confidence());
    write.put("weight", revised.weight());
    write.put("rule", rule.name());
    write.put("contradicting", revised.contradicting());
    write.put("source", evidence.source());
    write.put("memory_ids", evidence.memoryIds());
    write.put("recorded_at", Neo4jValues.time(evidence.recordedAt()));
    tx.run(BeliefQueries.REVISE, write);
    return true;
  }

  BeliefView get(String tenant, String id) {
    return neo4j
        .read(BeliefQueries.GET, Map.of("tenant", tenant, "id", id), BeliefView::of)
        .stream()
        .findFirst()
        .orElseThrow(
            () -> new EngramException(GraphError.BELIEF_NOT_FOUND, "No belief with id " + id));
  }

  BeliefView byStatement(String tenant, String statement) {
    return get(tenant, idOf(statement));
  }

  /** Beliefs recorded as contradictions (optionally naming the entity with key {@code key}). */
  public List<BeliefView> contradicted(String tenant, String key, int limit) {
    Map<String, Object> parameters = new HashMap<>();
    parameters.put("tenant", tenant);
    parameters.put("key", key);
    parameters.put("limit", limit);
    return neo4j.read(BeliefQueries.CONTRADICTED, parameters, BeliefView::of);
  }

  public BeliefsAbout.Response about(BeliefsAbout.Request request) {
    List<String> names = new ArrayList<>();
    if (request.text() != null) {
      names.addAll(extractor.names(request.text()));
    }
    if (request.entities() != null) {
      names.addAll(request.entities());
    }
    List<String> keys =
        names.stream().map(Names::normalize).filter(k -> !k.isEmpty()).distinct().toList();
    if (keys.isEmpty()) {
      return new BeliefsAbout.Response(List.of());
    }
    return new BeliefsAbout.Response(
        neo4j.read(
            BeliefQueries.ABOUT,
            parameters(request, keys),
            row ->
                new BeliefsAbout.Belief(
                    row.get("id").asString(),
                    row.get("statement").asString(),
                    row.get("strength").asDouble(),
                    row.get("confidence").asDouble(),
                    row.get("evidence_count").asLong(),
                    row.get("contradicting").asLong(),
                    row.get("contradicted").asBoolean())));
  }

  private static Map<String, Object> parameters(BeliefsAbout.Request request, List<String> keys) {
    Map<String, Object> parameters = new HashMap<>();
    parameters.put("tenant", request.tenant());
    parameters.put("keys", keys);
    parameters.put("limit", request.limitOrDefault());
    parameters.put("mode", Visibility.checkedMode(request.mode()));
    return parameters;
  }

  private boolean contradicted(TruthValue value) {
    return value.strength() <= config.contradictionStrength()
        && value.confidence() >= config.contradictionMinConfidence();
  }
}
