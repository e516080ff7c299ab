package dev.engram.common.warmup;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The warm-up every service runs before it reports ready ({@link Warmup}). */
@ConfigMapping(prefix = "engram.warmup")
public interface WarmupConfig {

  /** Run the warm-up before reporting ready (off in tests that do not test it). */
  @WithDefault("true")
  boolean enabled();

  /** How many rounds of every step; each round varies its inputs. */
  @WithDefault("40")
  int rounds();

  /**
   * The longest the warm-up may take, waiting for its steps to be runnable included; when it is
   * over, the service reports ready with the rounds it managed (a slow machine is no reason to stay
   * unready).
   */
  @WithDefault("30s")
  Duration maxTime();
}
