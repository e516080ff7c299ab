package dev.engram.graph.currentfacts;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import dev.engram.graph.support.Neo4jTestServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** The facts statement's warm-up runs it, with and without a chat and a mode, and reads nothing. */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class FactsStatementWarmupTest {

  @Inject FactsStatementWarmup warmup;

  @Test
  void everyRoundRunsTheStatement() {
    for (int round = 0; round < 6; round++) {
      int r = round;
      assertDoesNotThrow(() -> warmup.run(r));
    }
  }
}
