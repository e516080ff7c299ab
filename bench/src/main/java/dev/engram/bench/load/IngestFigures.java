package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import dev.engram.bench.IndexWait;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;

/**
 * The rates of one ingest, printed and reported the same way for memories and exchanges: 429s
 * counted (a throttled rate is marked wherever it is printed), the rate acknowledged, then the wait
 * until recall has indexed what was stored and the rate end to end. Made just before the writes: it
 * takes the index's count and the 429 counters then.
 */
final class IngestFigures {

  private final EngramApi api;
  private final IndexWait wait;
  private final String kind;
  private final String plural;
  private final PrintStream out;
  private final long baseline;
  private final long throttledBefore;
  private final double throttledSecondsBefore;

  /**
   * @param kind the document kind in recall's index ({@code memory}, {@code exchange})
   * @param plural what the rates count ({@code memories}, {@code exchanges})
   */
  IngestFigures(EngramApi api, String kind, String plural, PrintStream out) {
    this.api = api;
    this.wait = new IndexWait(api, out);
    this.kind = kind;
    this.plural = plural;
    this.out = out;
    this.baseline = wait.indexedDocuments(kind).orElse(0);
    this.throttledBefore = api.rateLimited();
    this.throttledSecondsBefore = api.rateLimitedSeconds();
  }

  /**
   * After the writes: {@code written} acknowledged between the two times, of which {@code stored}
   * become documents in recall (not a repeat, not quarantined). Waits until recall holds them and
   * puts {@code written}, {@code rate_limited}, {@code throttled} and the rates into {@code node}.
   */
  void finish(
      long written,
      long stored,
      long firstWriteNanos,
      long lastWriteNanos,
      Duration indexTimeout,
      ObjectNode node)
      throws IOException, InterruptedException {
    node.put("written", written);
    long throttled = api.rateLimited() - throttledBefore;
    node.put("rate_limited", throttled);
    node.put("throttled", throttled > 0);
    if (written == 0) {
      return;
    }
    String mark = throttled > 0 ? " (THROTTLED by the rate limit)" : "";
    double ack = (lastWriteNanos - firstWriteNanos) / 1e9;
    if (throttled > 0) {
      // A throttled rate is the key's writes bucket, not the suite: never print it bare.
      out.printf(
          "  THROTTLED: %d answers were 429 (rate limited), %.0f s waited out over the clients;"
              + " the rates below are the key's writes limit, not the suite's. Raise"
              + " ENGRAM_RATE_LIMIT_WRITES_PER_MINUTE / _BURST (bench/README.md) to measure the"
              + " suite%n",
          throttled, api.rateLimitedSeconds() - throttledSecondsBefore);
    }
    out.printf(
        "  acknowledged %d %s in %.1f s: %.0f %s/s%s%n",
        written, plural, ack, written / ack, plural, mark);
    double indexed =
        wait.await(kind, baseline + stored, firstWriteNanos, lastWriteNanos, indexTimeout);
    out.printf(
        "  indexed %d %s %.1f s after the first write: %.0f %s/s%s%n",
        written, plural, indexed, written / indexed, plural, mark);
    node.put("acknowledged_seconds", ack);
    node.put("acknowledged_per_second", written / ack);
    node.put("indexed_seconds", indexed);
    node.put("indexed_per_second", written / indexed);
  }

  /** Writes what an ingest adds to the suite. */
  interface Growth {
    void grow() throws IOException, InterruptedException;
  }

  /**
   * Runs an ingest and, when it wrote and waited for the index, prints its rate beside the model's
   * ({@code node.ingest_baselines}) and, once the suite is idle again, the CPU each process used
   * per {@code unit} ({@code node.cpu_per_<unit>}); {@code background} says what may still run
   * after the outbox empties.
   */
  static void measure(
      EngramApi api,
      ObjectNode node,
      String unit,
      String background,
      Growth growth,
      PrintStream out)
      throws IOException, InterruptedException {
    ServerMetrics before = ServerMetrics.read(api);
    ProcessCpu cpuBefore = ProcessCpu.read(api.target().home());
    growth.grow();
    if (node.path("ingest").has("indexed_per_second")) {
      ServerMetrics.read(api)
          .printIngest(before, node.get("ingest").get("indexed_per_second").asDouble(), out, node);
      ProcessCpu settled =
          ProcessCpu.settled(api.target().home(), Duration.ofMinutes(15), background, out);
      ServerMetrics after = ServerMetrics.read(api);
      double written = node.get("ingest").get("written").asDouble();
      double model = after.modelMillis(before) / written;
      settled.print(cpuBefore, written, unit, model, out, node.putObject("cpu_per_" + unit));
    }
  }
}
