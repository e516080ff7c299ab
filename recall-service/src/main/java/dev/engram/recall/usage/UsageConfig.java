package dev.engram.recall.usage;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code engram.recall.usage.*}: how surfaced memories are reported to capture-service. */
@ConfigMapping(prefix = "engram.recall.usage")
public interface UsageConfig {

  /** Off: recall and context record nothing (usage columns in capture stay as they are). */
  @WithDefault("true")
  boolean enabled();

  /** Surfacings waiting for the next flush; beyond this they are dropped, never waited for. */
  @WithDefault("20000")
  int queueSize();

  /** How often the queue is summed up and sent; 0 never (tests drain it themselves). */
  @WithDefault("5s")
  Duration flushInterval();

  /** Memories per request to capture-service (its limit is 5000). */
  @WithDefault("2000")
  int batchSize();
}
