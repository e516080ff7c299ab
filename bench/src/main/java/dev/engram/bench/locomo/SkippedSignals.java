package dev.engram.bench.locomo;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How many recalls of a run left a signal out (the graph's answer late or failed), per signal: a
 * difference between two runs that comes from timeouts rather than from the data shows here.
 */
record SkippedSignals(int recalls, int withSkip, Map<String, Integer> bySignal) {

  static SkippedSignals of(List<ResultLine> lines) {
    Map<String, Integer> bySignal = new TreeMap<>();
    int withSkip = 0;
    for (ResultLine line : lines) {
      if (!line.skipped().isEmpty()) {
        withSkip++;
      }
      line.skipped().stream()
          .map(ResultLine.Skipped::signal)
          .distinct()
          .forEach(s -> bySignal.merge(s, 1, Integer::sum));
    }
    return new SkippedSignals(lines.size(), withSkip, Map.copyOf(bySignal));
  }

  void print(PrintStream out) {
    out.printf(
        "  %d of %d recalls skipped a signal%s%n",
        withSkip,
        recalls,
        bySignal.isEmpty() ? "" : " " + new TreeMap<>(bySignal).toString().replace('=', ' '));
  }

  ObjectNode json() {
    ObjectNode node = EngramApi.JSON.createObjectNode();
    node.put("recalls", recalls);
    node.put("with_skipped_signal", withSkip);
    ObjectNode signals = node.putObject("by_signal");
    new TreeMap<>(bySignal).forEach(signals::put);
    return node;
  }
}
