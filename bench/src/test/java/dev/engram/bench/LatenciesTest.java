package dev.engram.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LatenciesTest {

  @Test
  void percentilesAreNearestRank() {
    Latencies l = new Latencies();
    for (int i = 100; i >= 1; i--) {
      l.add(i);
    }
    assertEquals(50, l.percentile(50));
    assertEquals(95, l.percentile(95));
    assertEquals(99, l.percentile(99));
    assertEquals(100, l.percentile(100));
    assertEquals(50.5, l.mean(), 1e-9);
  }

  @Test
  void emptyIsNotANumber() {
    assertTrue(Double.isNaN(new Latencies().percentile(95)));
  }
}
