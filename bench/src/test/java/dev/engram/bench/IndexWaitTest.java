package dev.engram.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class IndexWaitTest {

  @Test
  void readsDocumentCountsPerKindFromPrometheusText() {
    String metrics =
        """
        # HELP engram_recall_index_documents Documents in the recall index
        # TYPE engram_recall_index_documents gauge
        engram_recall_index_documents{kind="exchange"} 2760.0
        engram_recall_index_documents{kind="memory"} 1.0E5
        engram_recall_index_operations_total{outcome="applied"} 3.0
        """;
    assertEquals(OptionalLong.of(2760), IndexWait.documents(metrics, "exchange"));
    assertEquals(OptionalLong.of(100_000), IndexWait.documents(metrics, "memory"));
    assertEquals(OptionalLong.empty(), IndexWait.documents("", "memory"));
    assertEquals(
        OptionalLong.empty(),
        IndexWait.documents("engram_recall_index_documents{kind=\"memory\"} NaN\n", "memory"));
  }

  @Test
  void readsTheOutboxBacklogFromReadiness() throws IOException {
    String ready =
        """
        {"status": "UP", "checks": [
          {"name": "Database connections health check", "status": "UP", "data": {}},
          {"name": "outbox", "status": "UP", "data": {"pending_events": 12, "dead_events": 0}}]}
        """;
    assertEquals(OptionalLong.of(12), IndexWait.pending(EngramApi.JSON.readTree(ready)));
    assertEquals(
        OptionalLong.empty(), IndexWait.pending(EngramApi.JSON.readTree("{\"checks\": []}")));
  }

  @Test
  void etaIsShortForPeople() {
    assertEquals("45 s", IndexWait.eta(45));
    assertEquals("3m05s", IndexWait.eta(185));
    assertEquals("2h10m", IndexWait.eta(7800));
  }
}
