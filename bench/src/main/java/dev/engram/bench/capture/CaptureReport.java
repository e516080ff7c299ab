package dev.engram.bench.capture;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The coverage and support table of {@code bench capture}, printed and as JSON. */
final class CaptureReport {

  private CaptureReport() {}

  /** Per conversation, then the two halves when {@code heldOut} names some, then overall. */
  static Map<String, CaptureScore.Result> rows(
      Map<String, CaptureScore.Result> results, Set<String> heldOut) {
    Map<String, CaptureScore.Result> rows = new LinkedHashMap<>(results);
    CaptureScore.Result chosen = CaptureScore.Result.empty();
    CaptureScore.Result held = CaptureScore.Result.empty();
    CaptureScore.Result all = CaptureScore.Result.empty();
    for (Map.Entry<String, CaptureScore.Result> e : results.entrySet()) {
      if (heldOut.contains(e.getKey())) {
        held = held.plus(e.getValue());
      } else {
        chosen = chosen.plus(e.getValue());
      }
      all = all.plus(e.getValue());
    }
    if (!heldOut.isEmpty()) {
      rows.put("rules chosen on", chosen);
      rows.put("held out", held);
    }
    rows.put("all", all);
    return rows;
  }

  static void print(
      Map<String, CaptureScore.Result> results,
      Set<String> heldOut,
      double cover,
      double support,
      int samples,
      PrintStream out) {
    out.printf("%ncoverage: cosine >= %.2f; support: cosine >= %.2f%n", cover, support);
    out.println(
        "| conversation | observations | covered | coverage | memories | supported | support |");
    out.println("|---|---|---|---|---|---|---|");
    Map<String, CaptureScore.Result> rows = rows(results, heldOut);
    rows.forEach(
        (name, r) ->
            out.printf(
                "| %s | %d | %d | %.3f | %d | %d | %.3f |%n",
                name,
                r.observations(),
                r.covered(),
                r.coverage(),
                r.memories(),
                r.supported(),
                r.support()));
    CaptureScore.Result all = rows.get("all");
    sample("uncovered observations", all.uncovered(), samples, out);
    sample("unsupported memories", all.unsupported(), samples, out);
  }

  /** Every {@code n}-th item so the sample spans the conversations, not only the first. */
  private static void sample(String title, List<CaptureScore.Item> items, int n, PrintStream out) {
    if (n <= 0 || items.isEmpty()) {
      return;
    }
    out.printf("%n%s (%d of %d):%n", title, Math.min(n, items.size()), items.size());
    int step = Math.max(1, items.size() / n);
    for (int i = 0, shown = 0; i < items.size() && shown < n; i += step, shown++) {
      CaptureScore.Item item = items.get(i);
      out.printf("  %s  %s%n", item.turns(), item.text());
    }
  }

  static ObjectNode json(
      Map<String, CaptureScore.Result> results, Set<String> heldOut, double cover, double support) {
    ObjectNode root = EngramApi.JSON.createObjectNode();
    root.put("cover_threshold", cover);
    root.put("support_threshold", support);
    ObjectNode rows = root.putObject("rows");
    rows(results, heldOut)
        .forEach(
            (name, r) -> {
              ObjectNode row = rows.putObject(name);
              row.put("observations", r.observations());
              row.put("covered", r.covered());
              row.put("coverage", r.coverage());
              row.put("memories", r.memories());
              row.put("supported", r.supported());
              row.put("support", r.support());
            });
    return root;
  }
}
