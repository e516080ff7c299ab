package dev.engram.recall.injection;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * {@code engram.recall.injections.*}: how the record of what each context answer gave the agent is
 * sent to capture-service (issue 29).
 */
@ConfigMapping(prefix = "engram.recall.injections")
public interface InjectionConfig {

  /** Off: context and session_start leave no injection record (nothing queued, nothing sent). */
  @WithDefault("true")
  boolean enabled();

  /** Records waiting to be sent; beyond this a record is dropped (counted), never waited for. */
  @WithDefault("2000")
  int queueSize();

  /** The longest a record waits for its batch to fill; 0: no flusher (tests drain the queue). */
  @WithDefault("1s")
  Duration flushInterval();

  /** Records per request to capture-service (its limit is 500). */
  @WithDefault("200")
  int batchSize();

  /** Attempts after the first when capture is down or answers 5xx; then the batch is dropped. */
  @WithDefault("3")
  int retries();

  /** The pause before the first retry, doubled before each next one. */
  @WithDefault("200ms")
  Duration backoff();
}
