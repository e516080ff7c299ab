package dev.engram.console.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The console's own settings (engram.console.*, env ENGRAM_CONSOLE_*). */
@ConfigMapping(prefix = "engram.console")
public interface ConsoleConfig {

  /**
   * How long a signed-in session lives without a request; the next request after it signs in again.
   */
  @WithDefault("30m")
  Duration sessionIdle();

  /** The most sessions held at once; signing in beyond it drops the least recently used one. */
  @WithDefault("10000")
  int maxSessions();

  /** Deadline of every call to a service (connect and answer). */
  @WithDefault("10s")
  Duration callTimeout();

  /** Memories per page of the memory list. */
  @WithDefault("50")
  int pageSize();
}
