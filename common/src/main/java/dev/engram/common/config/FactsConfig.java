package dev.engram.common.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import java.util.Set;

/**
 * Fact rules shared by capture-service (supersession in the record) and graph-service (the
 * projection), so both read them alike; env vars ENGRAM_FACTS_....
 */
@ConfigMapping(prefix = "engram.facts")
public interface FactsConfig {

  /**
   * Predicates with one current value per subject: a newer value invalidates the older. Written
   * comma-separated; each is trimmed and lower-cased (predicates are lower_snake_case, see
   * docs/internal-apis.md) and empty entries are dropped, so {@code " Lives_In, ,works_at"} is
   * {@code lives_in} and {@code works_at}.
   */
  @WithConverter(PredicateName.class)
  Set<String> functionalPredicates();
}
