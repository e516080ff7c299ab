package dev.engram.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import dev.engram.bench.Latencies;
import dev.engram.bench.Machine;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * The two profiles a gateway with a few users meets, measured before the warm-up that the warm
 * profile ({@link LoadCommand}) runs: <b>first calls</b>, the first N recalls and contexts the
 * suite answers (after a fresh {@code ./engram up}, the first calls after the start: how long each
 * service has been up is printed beside them), and <b>quiet</b>, a recall and a context once a
 * second (JIT-compiled code cools and caches empty between calls). Each with p50 / p95 / max over
 * HTTP, the sources skipped, and the suite's CPU per call.
 */
final class CallProfiles {

  private final EngramApi api;
  private final PrintStream out;

  CallProfiles(EngramApi api, PrintStream out) {
    this.api = api;
    this.out = out;
  }

  /** What one profile measured of one endpoint. */
  private record Calls(Latencies latencies, int skipped, ProcessCpu before, ProcessCpu after) {}

  /** The first {@code n} recalls, then the first {@code n} contexts, back to back. */
  void first(
      int n, LongFunction<ObjectNode> recall, LongFunction<ObjectNode> context, ObjectNode report)
      throws IOException, InterruptedException {
    out.printf("First calls (%s); load average %s%n", uptimes(), Machine.loadAverage());
    ObjectNode node = report.putObject("first_calls");
    node.put("uptimes", uptimes());
    print(
        "recall, first " + n,
        calls("/v1/recall", recall, 3_000_000_000L, n),
        node.putObject("recall"),
        "recall");
    print(
        "context, first " + n,
        calls("/v1/context", context, 3_100_000_000L, n),
        node.putObject("context"),
        "context");
  }

  /** {@code n} recalls and {@code n} contexts, one call a second, alternating. */
  void quiet(
      int n, LongFunction<ObjectNode> recall, LongFunction<ObjectNode> context, ObjectNode report)
      throws IOException, InterruptedException {
    out.printf("Quiet gateway: one call a second; load average %s%n", Machine.loadAverage());
    ObjectNode node = report.putObject("quiet");
    Latencies recalls = new Latencies();
    Latencies contexts = new Latencies();
    int[] skipped = new int[2];
    ProcessCpu before = ProcessCpu.read(api.target().home());
    long cpuRecall = 0;
    for (int i = 0; i < n; i++) {
      skipped[0] += timed("/v1/recall", recall.apply(3_200_000_000L + i), recalls);
      Thread.sleep(1000);
      skipped[1] += timed("/v1/context", context.apply(3_300_000_000L + i), contexts);
      Thread.sleep(1000);
    }
    ProcessCpu after = ProcessCpu.read(api.target().home());
    // Recalls and contexts alternate here, so the CPU is per pair.
    print(
        "recall, one a second",
        new Calls(recalls, skipped[0], null, null),
        node.putObject("recall"),
        null);
    print(
        "context, one a second",
        new Calls(contexts, skipped[1], null, null),
        node.putObject("context"),
        null);
    after.print(before, n, "recall+context pair", Double.NaN, out, node.putObject("cpu_per_pair"));
  }

  private Calls calls(String path, LongFunction<ObjectNode> body, long first, int n)
      throws IOException, InterruptedException {
    Latencies latencies = new Latencies();
    int skipped = 0;
    ProcessCpu before = ProcessCpu.read(api.target().home());
    for (int i = 0; i < n; i++) {
      skipped += timed(path, body.apply(first + i), latencies);
    }
    return new Calls(latencies, skipped, before, ProcessCpu.read(api.target().home()));
  }

  /** One call; returns 1 when the answer says a source or signal was skipped. */
  private int timed(String path, ObjectNode body, Latencies latencies)
      throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    JsonNode answer = api.postRecall(path, body);
    latencies.add((System.nanoTime() - t0) / 1e6);
    JsonNode skipped =
        answer.has("skipped") ? answer.get("skipped") : answer.path("skipped_signals");
    return skipped.isArray() && !skipped.isEmpty() ? 1 : 0;
  }

  private void print(String what, Calls c, ObjectNode node, String unit) {
    Latencies l = c.latencies();
    out.printf(
        "  %s: p50 %.1f ms, p95 %.1f ms, max %.1f ms over HTTP; %d of %d skipped a source%n",
        what, l.percentile(50), l.percentile(95), l.percentile(100), c.skipped(), l.count());
    node.put("n", l.count());
    node.put("p50_ms", l.percentile(50));
    node.put("p95_ms", l.percentile(95));
    node.put("max_ms", l.percentile(100));
    node.put("skipped", c.skipped());
    if (unit != null) {
      c.after().print(c.before(), l.count(), unit, Double.NaN, out, node.putObject("cpu_per_call"));
    }
  }

  /** How long each service process has been running, e.g. "recall up 12 s". */
  private String uptimes() {
    Map<String, String> up = new LinkedHashMap<>();
    for (String c : new String[] {"capture", "recall", "graph"}) {
      Optional<Long> pid = api.target().pid(c);
      up.put(
          c,
          pid.flatMap(p -> ProcessHandle.of(p))
              .flatMap(h -> h.info().startInstant())
              .map(s -> Duration.between(s, Instant.now()).toSeconds() + " s")
              .orElse("?"));
    }
    StringBuilder s = new StringBuilder();
    up.forEach((k, v) -> s.append(s.isEmpty() ? "" : ", ").append(k).append(" up ").append(v));
    return s.toString();
  }
}
