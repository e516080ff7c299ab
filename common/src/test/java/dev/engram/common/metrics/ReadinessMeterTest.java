package dev.engram.common.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

class ReadinessMeterTest {

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final ReadinessMeter meter = new ReadinessMeter(registry);

  private double up() {
    return registry.get("engram.readiness.up").gauge().value();
  }

  private double changes() {
    return registry.get("engram.readiness.changes").counter().count();
  }

  @Test
  void unknownUntilTheFirstProbe() {
    assertTrue(Double.isNaN(up()));
    meter.answered(503);
    assertEquals(0, up());
    assertEquals(0, changes(), "the first answer is not a change");
  }

  @Test
  void countsEveryFlipButNotRepeats() {
    meter.answered(200);
    meter.answered(200);
    assertEquals(1, up());
    meter.answered(503);
    meter.answered(503);
    meter.answered(200);
    assertEquals(1, up());
    assertEquals(2, changes());
  }
}
