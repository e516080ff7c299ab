package dev.engram.capture.fact;

import dev.engram.common.config.FactsConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Set;

/**
 * Which predicates have one current value per subject (shared with graph-service through {@code
 * engram.facts.functional-predicates}), and which pairs contradict each other for the same object
 * (likes / dislikes).
 */
@ApplicationScoped
public class FunctionalPredicates {

  private static final Map<String, String> OPPOSITES =
      Map.of("likes", "dislikes", "dislikes", "likes", "prefers", "dislikes");

  private final Set<String> functional;

  FunctionalPredicates(FactsConfig facts) {
    this.functional = Set.copyOf(facts.functionalPredicates());
  }

  public boolean functional(String predicate) {
    return functional.contains(predicate);
  }

  /** The predicate that a new fact with {@code predicate} contradicts for the same object. */
  public String opposite(String predicate) {
    return OPPOSITES.get(predicate);
  }
}
