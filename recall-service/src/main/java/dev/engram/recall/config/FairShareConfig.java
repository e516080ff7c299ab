package dev.engram.recall.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Min;
import java.time.Duration;

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
   * Calls of one key that run at once; 0 means half the processors (at least one). Recall is CPU
   * work: a key that may run on every core leaves another key's call a thin slice of each, one held
   * to half of them leaves the other half to everyone else (docs/benchmarks/gate.md, *Fair share,
   * second round*). A deployment with one busy key and nobody to share with may raise it.
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

  /**
   * How long a call refused before its body is read (its key has every turn taken) waits for its
   * 429. A caller that ignores Retry-After and asks again at once is held to one attempt per delay
   * on each connection, for the price of a timer: no thread waits and no body is read. 0 answers at
   * once.
   */
  @WithDefault("1s")
  Duration refusalDelay();
}
