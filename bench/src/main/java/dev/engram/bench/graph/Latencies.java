package dev.engram.bench.graph;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** Latencies of one kind of call, in nanoseconds, summarised as milliseconds. */
final class Latencies {

  private long[] values = new long[1024];
  private int size;

  void add(long nanos) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = nanos;
  }

  int count() {
    return size;
  }

  /** The nearest-rank percentile {@code p} (0..100), in milliseconds. */
  double percentile(double p) {
    long[] sorted = Arrays.copyOf(values, size);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100 * size);
    return sorted[Math.max(0, rank - 1)] / 1e6;
  }

  Map<String, Object> summary() {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("count", size);
    s.put("p50_ms", round(percentile(50)));
    s.put("p95_ms", round(percentile(95)));
    s.put("p99_ms", round(percentile(99)));
    s.put("max_ms", round(percentile(100)));
    return s;
  }

  @Override
  public String toString() {
    return "n=%d p50=%.2f ms p95=%.2f ms p99=%.2f ms max=%.2f ms"
        .formatted(size, percentile(50), percentile(95), percentile(99), percentile(100));
  }

  private static double round(double ms) {
    return Math.round(ms * 100) / 100.0;
  }
}
