package dev.engram.launcher;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code ./engram remember | recall | context | forget | stats}: the memory API of a running suite
 * from the command line, for people (readable output) and scripts ({@code --json}: the service's
 * answer as it is). Exit codes: 0 ok, 1 the service refused (its problem+json detail is shown), 2
 * usage error, 3 the suite is not reachable.
 */
final class MemoryCommands {

  /** The context budget when {@code --budget} is not given (context, session start). */
  static final int DEFAULT_BUDGET_TOKENS = 2000;

  private static final Set<String> WHO = Set.of("agent", "chat", "thread");
  private static final Set<String> JSON = Set.of("json");

  private final SuiteCalls calls;
  private final PrintStream out;

  MemoryCommands(SuiteCalls calls, PrintStream out) {
    this.calls = calls;
    this.out = out;
  }

  /** The verb's exit code; usage errors are thrown as {@link CommandLine.UsageError}. */
  int run(String verb, List<String> args) {
    return switch (verb) {
      case "remember" -> remember(CommandLine.parse(args, WHO, JSON));
      case "recall" -> recall(CommandLine.parse(args, with("k"), JSON));
      case "context" -> context(CommandLine.parse(args, with("budget"), JSON));
      case "forget" -> forget(CommandLine.parse(args, Set.of(), JSON));
      case "stats" -> stats(CommandLine.parse(args, Set.of(), JSON));
      default -> throw new CommandLine.UsageError("unknown command: " + verb);
    };
  }

  private static Set<String> with(String option) {
    Set<String> options = new HashSet<>(WHO);
    options.add(option);
    return options;
  }

  private int remember(CommandLine line) {
    String text = String.join(" ", line.positionals(1, Integer.MAX_VALUE, usage("remember TEXT")));
    if (text.isBlank()) {
      throw new CommandLine.UsageError("remember needs some text");
    }
    Map<String, Object> memory =
        calls.callForMap(
            line,
            Component.CAPTURE,
            c -> c.post("/v1/memories", SuiteCalls.body(line, Map.of("text", Json.quote(text)))));
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

  private int recall(CommandLine line) {
    String query =
        String.join(" ", line.positionals(1, Integer.MAX_VALUE, usage("recall QUERY [--k N]")));
    int k = line.positiveInt("k", 10);
    String request =
        SuiteCalls.body(line, Map.of("query", Json.quote(query), "k", Integer.toString(k)));
    Map<String, Object> answer =
        calls.callForMap(line, Component.RECALL, c -> c.post("/v1/recall", request));
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

  private int context(CommandLine line) {
    List<String> words =
        line.positionals(0, Integer.MAX_VALUE, usage("context [QUERY] [--budget TOKENS]"));
    int budget = line.positiveInt("budget", DEFAULT_BUDGET_TOKENS);
    Map<String, String> fields = new LinkedHashMap<>();
    if (!words.isEmpty()) {
      fields.put("query", Json.quote(String.join(" ", words)));
    }
    fields.put("budget_tokens", Integer.toString(budget));
    String request = SuiteCalls.body(line, fields);
    Map<String, Object> context =
        calls.callForMap(line, Component.RECALL, c -> c.post("/v1/context", request));
    if (context == null) {
      return 0;
    }
    ContextBlock.print(out, context);
    return 0;
  }

  private int forget(CommandLine line) {
    String id = line.positionals(1, 1, tenantWideUsage("forget ID")).get(0);
    if (!id.matches("[0-9]{1,18}")) {
      throw new CommandLine.UsageError("forget takes a memory id (a number), got '" + id + "'");
    }
    if (calls.callForMap(line, Component.CAPTURE, c -> c.delete("/v1/memories/" + id)) != null) {
      out.println("Forgot memory #" + id);
    }
    return 0;
  }

  private int stats(CommandLine line) {
    line.positionals(0, 0, tenantWideUsage("stats"));
    Map<String, Object> stats = calls.callForMap(line, Component.CAPTURE, c -> c.get("/v1/stats"));
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

  private static String usage(String verb) {
    return "usage: ./engram " + verb + " [--agent A] [--chat C] [--thread T] [--json]";
  }

  private static String tenantWideUsage(String verb) {
    return "usage: ./engram " + verb + " [--json]";
  }
}
