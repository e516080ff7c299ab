package dev.engram.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** Durations in milliseconds and their percentiles (nearest rank, as load tools report them). */
public final class Latencies {

  private double[] values = new double[64];
  private int size;

  public synchronized void add(double millis) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = millis;
  }

  public synchronized int count() {
    return size;
  }

  /** The smallest value with at least {@code p} percent of the values at or below it. */
  public synchronized double percentile(double p) {
    if (size == 0) {
      return Double.NaN;
    }
    double[] sorted = Arrays.copyOf(values, size);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * size);
    return sorted[Math.max(0, Math.min(size - 1, rank - 1))];
  }

  public synchronized double mean() {
    return size == 0 ? Double.NaN : Arrays.stream(values, 0, size).sum() / size;
  }

  /** count, p50_ms, p95_ms, p99_ms and max_ms (two decimals), for JSON reports. */
  public synchronized Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("count", size);
    for (int p : new int[] {50, 95, 99}) {
      m.put("p" + p + "_ms", Math.round(percentile(p) * 100) / 100.0);
    }
    m.put("max_ms", Math.round(percentile(100) * 100) / 100.0);
    return m;
  }

  @Override
  public String toString() {
    return String.format(
        "n=%d p50=%.2f ms p95=%.2f ms p99=%.2f ms max=%.2f ms",
        count(), percentile(50), percentile(95), percentile(99), percentile(100));
  }

  /** {@code p50 1.2 ms, p95 3.4 ms, p99 5.6 ms (n=500)}. */
  public String summary() {
    return String.format(
        "p50 %.1f ms, p95 %.1f ms, p99 %.1f ms (n=%d)",
        percentile(50), percentile(95), percentile(99), count());
  }
}
