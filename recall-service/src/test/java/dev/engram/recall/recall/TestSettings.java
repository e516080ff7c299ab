package dev.engram.recall.recall;

import dev.engram.recall.config.RecallConfig;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.HashMap;
import java.util.Map;

/**
 * The settings the service runs with, for tests without the application: {@link RecallConfig}'s
 * defaults (plus any {@code engram.recall.*} properties a test sets, by the names users set them
 * with) through the production factory {@link RecallSettings#of}.
 */
final class TestSettings {

  /** The semantic floor the local model would give (all-MiniLM's). */
  static final double MODEL_FLOOR = 0.3;

  private TestSettings() {}

  /** The production settings. */
  static RecallSettings production() {
    return RecallSettings.of(config(), MODEL_FLOOR);
  }

  /** The production settings with these properties ({@code key, value, key, value, ...}) set. */
  static RecallSettings with(String... properties) {
    return RecallSettings.of(config(properties), MODEL_FLOOR);
  }

  static RecallConfig config(String... properties) {
    Map<String, String> set = new HashMap<>();
    for (int i = 0; i < properties.length; i += 2) {
      set.put(properties[i], properties[i + 1]);
    }
    return new SmallRyeConfigBuilder()
        .withMapping(RecallConfig.class)
        .withSources(new PropertiesConfigSource(set, "test", 500))
        .build()
        .getConfigMapping(RecallConfig.class);
  }
}
