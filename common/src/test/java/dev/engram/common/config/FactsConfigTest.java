package dev.engram.common.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The functional predicates read the same way whoever reads them. The mapping's implementation is
 * generated at build time by Quarkus, so this reads the key as {@link FactsConfig} declares it: a
 * set, split by SmallRye Config, each entry through {@link PredicateName}.
 */
class FactsConfigTest {

  private static final String KEY = "engram.facts.functional-predicates";

  private static Set<String> read(SmallRyeConfig config) {
    IntFunction<Set<String>> set = HashSet::new;
    return config.getValues(KEY, new PredicateName(), set);
  }

  private static Set<String> read(String predicates) {
    return read(
        new SmallRyeConfigBuilder()
            .withSources(new PropertiesConfigSource(Map.of(KEY, predicates), "test", 500))
            .build());
  }

  @Test
  void entriesAreTrimmedLowerCasedAndEmptyOnesDropped() {
    assertEquals(
        Set.of("lives_in", "works_at", "job_title"), read(" Lives_In , works_at,, \t,JOB_TITLE "));
  }

  @Test
  void aDuplicateAfterNormalizingCountsOnce() {
    assertEquals(Set.of("age"), read("age, AGE ,age"));
  }

  @Test
  void theSharedDefaultListsTheUsualPredicates() {
    assertEquals(
        Set.of(
            "lives_in",
            "works_at",
            "job_title",
            "name",
            "age",
            "married_to",
            "favorite_color",
            "favorite_food",
            "favorite_drink"),
        read(new SmallRyeConfigBuilder().addDefaultSources().build()));
  }
}
