package dev.engram.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.bench.EngramApi;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ServerMetricsTest {

  private static final String BEFORE =
      """
      # HELP engram_recall_embedding_batch_seconds Time of one embedding model call
      engram_recall_embedding_batch_seconds_count{model="m"} 10.0
      engram_recall_embedding_batch_seconds_sum{model="m"} 1.0
      engram_recall_embedding_cache_misses_total 100.0
      engram_recall_index_operations_total{outcome="applied"} 0.0
      http_server_requests_seconds_sum{method="POST",outcome="SUCCESS",status="200",uri="/internal/v1/index/operations"} 0.0
      engram_recall_signal_latency_seconds_count{stage="keyword"} 5.0
      engram_recall_signal_latency_seconds_sum{stage="keyword"} 0.5
      """;

  private static final String AFTER =
      """
      engram_recall_embedding_batch_seconds_count{model="m"} 20.0
      engram_recall_embedding_batch_seconds_sum{model="m"} 3.0
      engram_recall_embedding_cache_misses_total 700.0
      engram_recall_index_operations_total{outcome="applied"} 600.0
      http_server_requests_seconds_sum{method="POST",outcome="SUCCESS",status="200",uri="/internal/v1/index/operations"} 2.4
      engram_recall_signal_latency_seconds_count{stage="keyword"} 15.0
      engram_recall_signal_latency_seconds_sum{stage="keyword"} 0.53
      """;

  @Test
  void ratesAndMeansCountOnlyWhatHappenedBetweenTheTwoReads() {
    var before = metrics(BEFORE);
    var after = metrics(AFTER);
    assertEquals(
        600, after.since(before, "engram_recall_embedding_cache_misses_total", null).orElseThrow());

    var text = new ByteArrayOutputStream();
    var report = EngramApi.JSON.createObjectNode();
    after.printIngest(before, 150, new PrintStream(text, true, StandardCharsets.UTF_8), report);
    var ingest = report.get("ingest_baselines");
    assertEquals(300, ingest.get("model_texts_per_second").asDouble(), 1e-9); // 600 texts in 2 s
    assertEquals(250, ingest.get("index_endpoint_documents_per_second").asDouble(), 1e-9);
    assertEquals(0.5, ingest.get("end_to_end_over_model").asDouble(), 1e-9);
    assertTrue(text.toString(StandardCharsets.UTF_8).contains("300 texts/s"), text.toString());

    after.printStages(
        before, "recall", new PrintStream(text, true, StandardCharsets.UTF_8), report);
    assertEquals(3.0, report.get("stages_ms").get("keyword").asDouble(), 1e-9); // 30 ms / 10
    assertTrue(report.get("stages_ms").get("semantic").isNull(), "no such series: null, not 0");
  }

  private static ServerMetrics metrics(String text) {
    return ServerMetrics.of(text);
  }
}
