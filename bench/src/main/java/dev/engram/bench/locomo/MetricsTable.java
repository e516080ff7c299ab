package dev.engram.bench.locomo;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import java.io.PrintStream;

/** Prints a {@link RetrievalMetrics.Report} as a table, or renders it as JSON. */
public final class MetricsTable {

  private MetricsTable() {}

  public static void print(RetrievalMetrics.Report report, PrintStream out) {
    out.printf(
        "LoCoMo retrieval: %d questions, %d scored, %d skipped (no resolvable evidence)%s%s%n",
        report.questions(),
        report.group("all").questions(),
        report.skipped(),
        report.missing() > 0 ? ", " + report.missing() + " without a result line (scored 0)" : "",
        report.unknown() > 0
            ? ", " + report.unknown() + " result lines for unknown questions"
            : "");
    StringBuilder header = new StringBuilder(String.format("  %-22s %5s ", "", "n"));
    for (int k : RetrievalMetrics.KS) {
      header.append(String.format(" turn@%-2d", k));
    }
    header.append("  |");
    for (int k : RetrievalMetrics.KS) {
      header.append(String.format(" sess@%-2d", k));
    }
    out.println(header);
    for (RetrievalMetrics.Group g : report.groups()) {
      StringBuilder row = new StringBuilder(String.format("  %-22s %5d ", g.name(), g.questions()));
      for (double v : g.turn()) {
        row.append(String.format(" %7.3f", v));
      }
      row.append("  |");
      for (double v : g.session()) {
        row.append(String.format(" %7.3f", v));
      }
      out.println(row);
    }
  }

  public static ObjectNode json(RetrievalMetrics.Report report) {
    ObjectNode root = EngramApi.JSON.createObjectNode();
    root.put("questions", report.questions());
    root.put("skipped_no_evidence", report.skipped());
    root.put("missing_results", report.missing());
    root.put("unknown_results", report.unknown());
    ArrayNode groups = root.putArray("groups");
    for (RetrievalMetrics.Group g : report.groups()) {
      ObjectNode node = groups.addObject();
      node.put("name", g.name());
      node.put("questions", g.questions());
      ObjectNode turn = node.putObject("turn_recall");
      ObjectNode session = node.putObject("session_recall");
      for (int i = 0; i < RetrievalMetrics.KS.length; i++) {
        turn.put("@" + RetrievalMetrics.KS[i], round(g.turn()[i]));
        session.put("@" + RetrievalMetrics.KS[i], round(g.session()[i]));
      }
    }
    return root;
  }

  private static double round(double v) {
    return Double.isNaN(v) ? v : Math.round(v * 10000) / 10000.0;
  }
}
