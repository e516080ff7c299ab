package dev.engram.graph.neo4j;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Writes and a backup export exclude each other; writes among themselves do not. */
class WriteGateTest {

  private static final Duration SHORT = Duration.ofMillis(50);

  private final WriteGate gate = new WriteGate();

  @Test
  void writesShareTheGate() {
    assertTrue(gate.enterWrite(SHORT));
    assertTrue(gate.enterWrite(SHORT), "a second write runs alongside the first");
    gate.exitWrite();
    gate.exitWrite();
  }

  @Test
  void anExportHoldsWritesBackUntilItEnds() throws Exception {
    WriteGate.Exclusive export = gate.exclusive(SHORT);
    assertFalse(gate.enterWrite(SHORT), "no write while the export reads");
    CompletableFuture<Boolean> waiting =
        CompletableFuture.supplyAsync(() -> gate.enterWrite(Duration.ofSeconds(30)));
    export.close();
    assertTrue(waiting.get(30, TimeUnit.SECONDS), "the waiting write goes ahead afterwards");
    gate.exitWrite();
    export.close(); // closing twice gives nothing back twice
    assertThrows(GraphUnavailableException.class, () -> everyPermitTwice());
  }

  @Test
  void anExportWaitsForTheWritesInFlight() {
    assertTrue(gate.enterWrite(SHORT));
    assertThrows(GraphUnavailableException.class, () -> gate.exclusive(SHORT));
    gate.exitWrite();
    gate.exclusive(SHORT).close();
  }

  /** Two exports at once cannot both hold the gate. */
  private void everyPermitTwice() {
    try (WriteGate.Exclusive first = gate.exclusive(SHORT)) {
      gate.exclusive(SHORT).close();
    }
  }
}
