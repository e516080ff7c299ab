package dev.engram.launcher;

import java.io.PrintStream;
import java.util.Map;

/**
 * What a finished restore job did (or, in a dry run, would do): each step with its counts per
 * stream, or capture's summary of a reprojection.
 */
final class RestoreReport {

  private final PrintStream out;

  RestoreReport(PrintStream out) {
    this.out = out;
  }

  void print(Map<String, Object> job) {
    boolean dryRun = Boolean.TRUE.equals(job.get("dry_run"));
    out.println();
    if (!"succeeded".equals(job.get("state"))) {
      out.println("Steps of restore " + job.get("id") + " until it failed:");
    } else if (dryRun) {
      out.println(
          "Dry run of backup "
              + job.get("backup_id")
              + " ("
              + job.get("mode")
              + "): nothing was changed. A restore would:");
    } else {
      out.println("Restored backup " + job.get("backup_id") + " (" + job.get("mode") + "):");
    }
    for (Object item : ServiceClient.asList(job.get("steps"))) {
      Map<String, Object> step = ServiceClient.asMap(item);
      String head = String.format("  %-8s %-10s", step.get("source"), step.get("action"));
      String state = String.valueOf(step.get("state"));
      switch (state) {
        case "succeeded" -> {
          if ("import".equals(step.get("action"))) {
            out.println(head + (dryRun ? "checked" : "imported"));
            counts(ServiceClient.asMap(step.get("counts")), dryRun);
          } else {
            out.println(head + "done " + summary(ServiceClient.asMap(step.get("summary"))));
          }
        }
        case "skipped" -> out.println(head + "would run: " + reason(step));
        case "refused" -> out.println(head + "refused: " + reason(step));
        default ->
            out.println(head + state + (step.get("detail") == null ? "" : ": " + reason(step)));
      }
    }
  }

  private void counts(Map<String, Object> streams, boolean dryRun) {
    String insert = dryRun ? "would insert" : "inserted";
    String update = dryRun ? "would update" : "updated";
    streams.forEach(
        (stream, value) -> {
          Map<String, Object> c = ServiceClient.asMap(value);
          out.printf(
              "      %-20s %12s received, %s %s, %s %s, %s unchanged%n",
              stream,
              Format.number(c.get("received")),
              Format.number(c.get("inserted")),
              insert,
              Format.number(c.get("updated")),
              update,
              Format.number(c.get("unchanged")));
        });
  }

  private static String reason(Map<String, Object> step) {
    return String.valueOf(step.get("detail")).replaceFirst("^dry run; would run: ", "");
  }

  private static String summary(Map<String, Object> summary) {
    StringBuilder text = new StringBuilder();
    summary.forEach(
        (key, value) ->
            text.append(text.isEmpty() ? "(" : ", ").append(key).append(' ').append(value));
    return text.isEmpty() ? "" : text.append(')').toString();
  }
}
