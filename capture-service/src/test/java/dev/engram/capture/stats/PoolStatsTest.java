package dev.engram.capture.stats;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/** The pool counts scan every memory, so they are counted again only for someone who reads them. */
class PoolStatsTest {

  @Test
  void aTickCountsOnlyAfterAGaugeWasRead() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    PoolStats stats = new PoolStats(registry, null, null);
    assertTrue(stats.due(), "the first tick counts");
    assertFalse(stats.due(), "nobody read the gauges since");
    registry.get("engram.memories").tag("status", "active").gauge().value();
    assertTrue(stats.due(), "a scrape read them");
    assertFalse(stats.due());
    registry.get("engram.reflector.pending").gauge().value();
    assertTrue(stats.due());
  }
}
