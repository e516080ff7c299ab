package dev.engram.launcher;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The context block as {@code ./engram context} and {@code ./engram session start} print it: the
 * text, then its size against the budget and what was left out or could not be asked.
 */
final class ContextBlock {

  private ContextBlock() {}

  /** {@code context}: an answer of {@code POST /v1/context} (or its copy in a session start). */
  static void print(PrintStream out, Map<String, Object> context) {
    String text = String.valueOf(context.getOrDefault("text", "")).strip();
    out.println(text.isEmpty() ? "(empty: nothing is known for this agent and chat yet)" : text);
    out.println();
    out.printf(
        "-- %s of %s tokens%s%n",
        context.get("tokens"), context.get("budget_tokens"), omitted(context));
    for (Object o : ServiceClient.asList(context.get("skipped"))) {
      Map<String, Object> skipped = ServiceClient.asMap(o);
      out.println("-- without " + skipped.get("source") + ": " + reason(skipped.get("reason")));
    }
  }

  /** A source's failure may carry no message (a timeout): say so rather than print "null". */
  private static String reason(Object reason) {
    return reason == null || String.valueOf(reason).isBlank()
        ? "no reason given"
        : String.valueOf(reason);
  }

  /** {@code ; omitted: L2 relevance 3, ...} for the sections that left something out. */
  private static String omitted(Map<String, Object> context) {
    List<String> parts = new ArrayList<>();
    for (Object o : ServiceClient.asList(context.get("sections"))) {
      Map<String, Object> section = ServiceClient.asMap(o);
      if (section.get("omitted") instanceof Number n && n.longValue() > 0) {
        parts.add(section.get("name") + " " + n.longValue());
      }
    }
    return parts.isEmpty() ? "" : "; omitted: " + String.join(", ", parts);
  }
}
