package dev.engram.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ./engram remember | recall | context | forget | stats}: the memory API of a suite from the
 * command line, for people (readable output) and scripts ({@code --json}: the service's answer as
 * it is). Exit codes: 0 ok, 1 the service refused (its problem+json detail is shown), 2 usage
 * error, 3 the suite is not reachable.
 */
final class MemoryCommands {

  /** The context budget when {@code --budget} is not given (context, session start). */
  static final int DEFAULT_BUDGET_TOKENS = 2000;

  private final Path home;
  private final Map<String, String> env;
  private final PrintStream out;

  MemoryCommands(Path home, Map<String, String> env, PrintStream out) {
    this.home = home;
    this.env = env;
    this.out = out;
  }

  int remember(Who who, CallOptions call, List<String> words) {
    String text = String.join(" ", words);
    if (text.isBlank()) {
      throw new UsageError("remember needs some text");
    }
    Map<String, Object> memory =
        calls(call)
            .callForMap(
                Component.CAPTURE,
                c ->
                    c.post("/v1/memories", SuiteCalls.body(who, Map.of("text", Json.quote(text)))));
    if (memory == null) {
      return 0;
    }
    out.printf(
        "Remembered #%s (%s, agent %s%s)%n",
        memory.get("id"),
        memory.get("scope"),
        memory.get("agent"),
        memory.get("chat") == null ? "" : ", chat " + memory.get("chat"));
    if (!"ACTIVE".equals(memory.get("status"))) {
      out.println("  status " + memory.get("status") + ": " + memory.get("status_reason"));
    }
    return 0;
  }

  int recall(Who who, CallOptions call, Integer k, List<String> words) {
    String query = String.join(" ", words);
    String request =
        SuiteCalls.body(
            who,
            Map.of("query", Json.quote(query), "k", Integer.toString(atLeastOne("--k", k, 10))));
    Map<String, Object> answer =
        calls(call).callForMap(Component.RECALL, c -> c.post("/v1/recall", request));
    if (answer == null) {
      return 0;
    }
    List<Object> items = ServiceClient.asList(answer.get("items"));
    if (items.isEmpty()) {
      out.println("Nothing found for \"" + query + "\"");
    }
    int rank = 1;
    for (Object o : items) {
      Map<String, Object> item = ServiceClient.asMap(o);
      String text = String.valueOf(item.get("text")).replaceAll("\\s+", " ").strip();
      if (item.get("speaker") != null) {
        text = item.get("speaker") + ": " + text;
      }
      out.printf(
          Locale.ROOT,
          "%2d. %-8s #%-6s %.4f  %s%n",
          rank++,
          item.get("kind"),
          item.get("id"),
          item.get("score") instanceof Number n ? n.doubleValue() : Double.NaN,
          text);
    }
    return 0;
  }

  int context(Who who, CallOptions call, Integer budget, List<String> words) {
    Map<String, String> fields = new LinkedHashMap<>();
    if (words != null && !words.isEmpty()) {
      fields.put("query", Json.quote(String.join(" ", words)));
    }
    fields.put(
        "budget_tokens", Integer.toString(atLeastOne("--budget", budget, DEFAULT_BUDGET_TOKENS)));
    String request = SuiteCalls.body(who, fields);
    Map<String, Object> context =
        calls(call).callForMap(Component.RECALL, c -> c.post("/v1/context", request));
    if (context != null) {
      ContextBlock.print(out, context);
    }
    return 0;
  }

  int forget(CallOptions call, String id) {
    if (!id.matches("[0-9]{1,18}")) {
      throw new UsageError("forget takes a memory id (a number), got '" + id + "'");
    }
    if (calls(call).callForMap(Component.CAPTURE, c -> c.delete("/v1/memories/" + id)) != null) {
      out.println("Forgot memory #" + id);
    }
    return 0;
  }

  int stats(CallOptions call) {
    Map<String, Object> stats = calls(call).callForMap(Component.CAPTURE, c -> c.get("/v1/stats"));
    if (stats == null) {
      return 0;
    }
    out.println("Tenant " + stats.get("tenant"));
    row("memories", stats.get("memories"));
    row("exchanges", stats.get("exchanges"));
    row("facts", stats.get("facts"));
    row("slots", stats.get("slots"));
    Map<String, Object> outbox = ServiceClient.asMap(stats.get("outbox"));
    row("outbox recall", outbox.get("recall"));
    row("outbox graph", outbox.get("graph"));
    Map<String, Object> reflector = ServiceClient.asMap(stats.get("reflector"));
    out.printf(
        "  %-14s %s runs, %s pending exchanges, last finished %s%n",
        "reflector",
        Format.number(reflector.get("runs")),
        Format.number(reflector.get("pending_exchanges")),
        reflector.get("last_run_finished_at") == null
            ? "never"
            : reflector.get("last_run_finished_at"));
    return 0;
  }

  SuiteCalls calls(CallOptions call) {
    return SuiteCalls.of(home, env, call, out);
  }

  /** A whole number of at least 1, or {@code fallback} when not given. */
  static int atLeastOne(String option, Integer value, int fallback) {
    if (value == null) {
      return fallback;
    }
    if (value < 1) {
      throw new UsageError(option + " must be a whole number of at least 1 (got " + value + ")");
    }
    return value;
  }

  private void row(String name, Object counts) {
    List<String> parts = new ArrayList<>();
    ServiceClient.asMap(counts)
        .forEach(
            (key, value) ->
                parts.add(
                    key.replace('_', ' ')
                        + " "
                        + (value instanceof Double d
                            ? String.format(Locale.ROOT, "%.1f", d)
                            : Format.number(value))));
    out.printf("  %-14s %s%n", name, String.join(", ", parts));
  }
}
