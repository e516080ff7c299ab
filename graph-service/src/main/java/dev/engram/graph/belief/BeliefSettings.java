package dev.engram.graph.belief;

import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.config.GraphConfig.Beliefs.Rule;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Map;
import org.neo4j.driver.Value;

/**
 * Each tenant's choice of revision rule, stored in the graph as {@code (:BeliefSettings {tenant,
 * rule, updated_at})} (kept by a reset, like beliefs); a tenant without one uses {@code
 * engram.graph.beliefs.rule}. Changing the rule does not rewrite beliefs: the next evidence is
 * revised from the stored truth value with the new rule.
 */
@ApplicationScoped
public class BeliefSettings {

  private final Neo4jClient neo4j;
  private final Rule defaultRule;
  private final BeliefRevision nal;
  private final EmaRevision ema;

  BeliefSettings(Neo4jClient neo4j, GraphConfig config) {
    this.neo4j = neo4j;
    this.defaultRule = config.beliefs().rule();
    this.nal = BeliefRevision.of(config.beliefs());
    this.ema = EmaRevision.of(config.beliefs());
  }

  /** A tenant's settings: its rule, the default, and when it chose (null: never). */
  public record View(Rule rule, Rule defaultRule, Instant updatedAt) {}

  View get(String tenant) {
    return neo4j
        .read(
            BeliefQueries.SETTINGS,
            Map.of("tenant", tenant),
            row ->
                new View(
                    ruleOf(row.get("rule")),
                    defaultRule,
                    Neo4jValues.instant(row.get("updated_at"))))
        .stream()
        .findFirst()
        .orElse(new View(defaultRule, defaultRule, null));
  }

  View set(String tenant, Rule rule) {
    neo4j.write(
        BeliefQueries.SET_SETTINGS,
        Map.of("tenant", tenant, "rule", rule.name(), "now", Neo4jValues.time(Instant.now())),
        row -> row);
    return get(tenant);
  }

  /** The rule a stored value names (null or unknown: the default). */
  Rule ruleOf(Value stored) {
    if (stored == null || stored.isNull()) {
      return defaultRule;
    }
    try {
      return Rule.valueOf(stored.asString());
    } catch (IllegalArgumentException unknown) {
      return defaultRule;
    }
  }

  Revision revision(Rule rule) {
    return switch (rule) {
      case NAL -> nal;
      case EMA -> ema;
    };
  }
}
