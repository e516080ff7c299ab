package dev.engram.capture.injection;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code engram.capture.injections.*}: how much of what agents were told is kept. */
@ConfigMapping(prefix = "engram.capture.injections")
public interface InjectionConfig {

  /** Records older than this are deleted by the periodic pass. */
  @WithDefault("14d")
  Duration retention();

  /** Records kept per tenant; the pass deletes the oldest beyond it. */
  @WithDefault("20000")
  int maxPerTenant();

  /** Largest stored detail (JSON bytes); longer lists are cut and the record marked truncated. */
  @WithDefault("65536")
  int maxRecordBytes();

  /** How often retention and the per-tenant limit are enforced ("off": never). */
  @WithDefault("10m")
  String pruneInterval();
}
