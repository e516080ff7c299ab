package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import java.io.IOException;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * recall-service's own counters around a phase of the bench, for the baselines a figure needs
 * beside it: how fast the model embeds when it is called (texts per second of model time), what the
 * index endpoint does per document, and how long each recall stage takes on the server (BM25 alone,
 * dense alone, the query embedding, the model call) next to the whole recall. Read from {@code
 * /q/metrics} before and after, so only that phase counts; a missing series prints "?".
 */
final class ServerMetrics {

  private static final String MODEL_SUM = "engram_recall_embedding_batch_seconds_sum";
  private static final String MODEL_CALLS = "engram_recall_embedding_batch_seconds_count";
  private static final String TEXTS = "engram_recall_embedding_cache_misses_total";
  private static final String APPLIED = "engram_recall_index_operations_total{outcome=\"applied\"";
  private static final String INDEX_REQUESTS = "uri=\"/internal/v1/index/operations\"";
  private static final String RECALL = "engram_recall_latency_seconds";
  private static final String STAGE = "engram_recall_signal_latency_seconds";

  /** The stages a recall reports, with the name the bench prints for each. */
  private static final List<List<String>> STAGES =
      List.of(
          List.of("embed", "query embedding (cache included)"),
          List.of("semantic", "dense alone"),
          List.of("keyword", "BM25 alone"),
          List.of("entity", "entity lookups"),
          List.of("neighbour", "conversational lists"),
          List.of("graph", "graph wait"));

  private final Map<String, Double> values;

  private ServerMetrics(Map<String, Double> values) {
    this.values = values;
  }

  /** Now; empty (every figure "?") when recall's metrics cannot be read. */
  static ServerMetrics read(EngramApi api) throws InterruptedException {
    try {
      return of(api.getOpen(api.target().recall(), "/q/metrics"));
    } catch (IOException e) {
      return new ServerMetrics(Map.of());
    }
  }

  /** From the text of a Prometheus scrape. */
  static ServerMetrics of(String text) {
    return new ServerMetrics(parse(text));
  }

  private static Map<String, Double> parse(String text) {
    Map<String, Double> out = new HashMap<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int space = line.lastIndexOf(' ');
      try {
        out.merge(
            line.substring(0, space), Double.parseDouble(line.substring(space + 1)), Double::sum);
      } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
        // not a sample line
      }
    }
    return out;
  }

  /** The summed change of every series whose name and labels start with {@code prefix}. */
  OptionalDouble since(ServerMetrics before, String prefix, String contains) {
    double sum = 0;
    boolean any = false;
    for (Map.Entry<String, Double> e : values.entrySet()) {
      String key = e.getKey();
      if (key.startsWith(prefix) && (contains == null || key.contains(contains))) {
        sum += e.getValue() - before.values.getOrDefault(key, 0.0);
        any = true;
      }
    }
    return any ? OptionalDouble.of(sum) : OptionalDouble.empty();
  }

  /**
   * The ingest baselines: the model's rate over its own calls, recall's index endpoint per
   * document, and the end-to-end rate as a share of the model's.
   */
  void printIngest(ServerMetrics before, double endToEnd, PrintStream out, ObjectNode report) {
    double texts = since(before, TEXTS, null).orElse(Double.NaN);
    double modelSeconds = since(before, MODEL_SUM, null).orElse(Double.NaN);
    double calls = since(before, MODEL_CALLS, null).orElse(Double.NaN);
    double applied = since(before, APPLIED, null).orElse(Double.NaN);
    double indexSeconds =
        since(before, "http_server_requests_seconds_sum", INDEX_REQUESTS).orElse(Double.NaN);
    double model = texts / modelSeconds;
    double endpoint = applied / indexSeconds;
    out.printf(
        "  baseline, model alone: %.0f texts in %.0f calls, %.1f s of model time: %s texts/s"
            + " (batch embedding); index endpoint (embed + write + commit): %s documents/s%n",
        texts, calls, modelSeconds, rate(model), rate(endpoint));
    out.printf(
        "  end to end %s documents/s = %s of the model's rate%s%n",
        rate(endToEnd),
        Double.isFinite(model) ? String.format("%.2f", endToEnd / model) : "?",
        report.path("ingest").path("throttled").asBoolean()
            ? " (THROTTLED by the rate limit: not the suite's rate)"
            : "");
    ObjectNode node = report.putObject("ingest_baselines");
    put(node, "model_texts", texts);
    put(node, "model_calls", calls);
    put(node, "model_seconds", modelSeconds);
    put(node, "model_texts_per_second", model);
    put(node, "index_endpoint_documents_per_second", endpoint);
    put(node, "end_to_end_per_second", endToEnd);
    put(node, "end_to_end_over_model", endToEnd / model);
  }

  /** Server-side means of a latency run: the whole recall beside each stage and the model call. */
  void printStages(ServerMetrics before, String what, PrintStream out, ObjectNode report) {
    ObjectNode node = report.putObject("stages_ms");
    double recall = mean(before, RECALL, null);
    StringBuilder line = new StringBuilder();
    line.append(String.format("  %s server means: whole recall %s ms", what, ms(recall)));
    put(node, "recall", recall * 1000);
    for (List<String> stage : STAGES) {
      double m = mean(before, STAGE, "stage=\"" + stage.get(0) + "\"");
      put(node, stage.get(0), m * 1000);
      line.append(String.format("; %s %s ms", stage.get(1), ms(m)));
    }
    double model = mean(before, "engram_recall_embedding_batch_seconds", null);
    put(node, "model_call", model * 1000);
    double calls = since(before, MODEL_CALLS, null).orElse(Double.NaN);
    double recalls = since(before, RECALL + "_count", null).orElse(Double.NaN);
    line.append(
        String.format(
            "; raw model call %s ms (%.0f calls for %.0f recalls: the rest hit the cache)",
            ms(model), calls, recalls));
    out.println(line);
  }

  /** Milliseconds recall spent in model calls since {@code before} (NaN without the series). */
  double modelMillis(ServerMetrics before) {
    return since(before, MODEL_SUM, null).orElse(Double.NaN) * 1000;
  }

  /** A figure, or null where a series was missing (JSON has no NaN). */
  private static void put(ObjectNode node, String name, double value) {
    if (Double.isFinite(value)) {
      node.put(name, value);
    } else {
      node.putNull(name);
    }
  }

  private double mean(ServerMetrics before, String name, String contains) {
    double sum = since(before, name + "_sum", contains).orElse(Double.NaN);
    double count = since(before, name + "_count", contains).orElse(Double.NaN);
    return count > 0 ? sum / count : Double.NaN;
  }

  private static String ms(double seconds) {
    return Double.isFinite(seconds) ? String.format("%.2f", seconds * 1000) : "?";
  }

  private static String rate(double perSecond) {
    return Double.isFinite(perSecond) ? String.format("%.0f", perSecond) : "?";
  }
}
