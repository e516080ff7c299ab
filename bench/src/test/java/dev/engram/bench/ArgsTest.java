package dev.engram.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ArgsTest {

  @Test
  void readsValuesSwitchesAndCounts() {
    Args args =
        Args.parse(List.of("--memories", "100k", "--k=5", "--skip-ingest"), Set.of("skip-ingest"));
    assertEquals(100_000, args.number("memories", 0));
    assertEquals(5, args.integer("k", 10));
    assertTrue(args.flag("skip-ingest"));
    assertEquals("locomo", args.string("agent", "locomo"));
    args.finish();
  }

  @Test
  void countsTakeSuffixes() {
    assertEquals(1_000_000, Args.parseCount("1m"));
    assertEquals(10_000, Args.parseCount("10_000"));
  }

  @Test
  void aTypoFailsInsteadOfBeingIgnored() {
    Args args = Args.parse(List.of("--memoires", "10"), Set.of());
    args.number("memories", 1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, args::finish);
    assertTrue(e.getMessage().contains("--memoires"));
    assertThrows(IllegalArgumentException.class, () -> Args.parse(List.of("--out"), Set.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> Args.parse(List.of("--k", "1", "--k", "2"), Set.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> Args.parse(List.of("--k", "x"), Set.of()).integer("k", 1));
  }
}
