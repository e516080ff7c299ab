package dev.engram.recall.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Min;

/**
 * How much recall work one API key may have running at once (recall, context, session start, and
 * their MCP tools); env ENGRAM_RECALL_FAIR_SHARE_... Other Engram services' keys are not bounded.
 */
@ConfigMapping(prefix = "engram.recall.fair-share")
public interface FairShareConfig {

  /** False lets every key run as much as it sends (the worker pool is the only bound). */
  @WithDefault("true")
  boolean enabled();

  /**
   * Calls of one key that run at once; 0 means one per processor (at least two). Recall is CPU
   * work, so more than the processors only shares them out thinner: another key's call gets its own
   * turn however many one key sends.
   */
  @WithDefault("0")
  @Min(0)
  int concurrent();

  /**
   * Calls of one key that wait for a turn beyond those; further calls are answered 429 at once
   * (Retry-After: 1). Large enough for a full MCP batch.
   */
  @WithDefault("64")
  @Min(1)
  int queue();
}
