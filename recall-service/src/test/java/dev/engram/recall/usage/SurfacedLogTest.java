package dev.engram.recall.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bounded usage queue: sums per memory, drops rather than waits, and can be off. */
class SurfacedLogTest {

  private static UsageConfig config(boolean enabled, int size) {
    return new UsageConfig() {
      @Override
      public boolean enabled() {
        return enabled;
      }

      @Override
      public int queueSize() {
        return size;
      }

      @Override
      public Duration flushInterval() {
        return Duration.ZERO;
      }

      @Override
      public int batchSize() {
        return 10;
      }
    };
  }

  @Test
  void aFullQueueDropsAndCountsInsteadOfBlocking() {
    var registry = new SimpleMeterRegistry();
    SurfacedLog log = new SurfacedLog(config(true, 3), registry);
    log.memories("t1", List.of(1L, 2L, 1L, 4L, 5L), false);
    List<SurfacedLog.Sum> sums = log.drain(Integer.MAX_VALUE);
    assertEquals(List.of(1L, 2L), sums.stream().map(SurfacedLog.Sum::id).toList());
    assertEquals(2, sums.getFirst().times());
    assertEquals(2.0, registry.counter("engram.recall.usage.dropped").count());
    assertEquals(List.of(), log.drain(Integer.MAX_VALUE), "drained");
  }

  @Test
  void tenantsAreCountedApartAndUseIsKept() {
    SurfacedLog log = new SurfacedLog(config(true, 10), new SimpleMeterRegistry());
    log.memories("t1", List.of(7L), true);
    log.memories("t2", List.of(7L), false);
    List<SurfacedLog.Sum> sums = log.drain(Integer.MAX_VALUE);
    assertEquals(2, sums.size());
    assertEquals("t1", sums.get(0).tenant());
    assertEquals(sums.get(0).lastSurfaced(), sums.get(0).lastUsed());
    assertEquals(null, sums.get(1).lastUsed());
  }

  @Test
  void offRecordsNothing() {
    SurfacedLog log = new SurfacedLog(config(false, 10), new SimpleMeterRegistry());
    log.memories("t1", List.of(1L), true);
    assertEquals(List.of(), log.drain(Integer.MAX_VALUE));
  }
}
