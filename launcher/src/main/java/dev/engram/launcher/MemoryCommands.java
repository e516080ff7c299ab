package dev.engram.launcher;

import dev.engram.launcher.ServiceClient.Reply;
import dev.engram.launcher.ServiceClient.ServiceFailure;
import dev.engram.launcher.ServiceClient.Unreachable;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * {@code ./engram remember | recall | context | forget | stats}: the memory API of a running suite
 * from the command line, for people (readable output) and scripts ({@code --json}: the service's
 * answer as it is). Exit codes: 0 ok, 1 the service refused (its problem+json detail is shown), 2
 * usage error, 3 the suite is not reachable.
 */
final class MemoryCommands {

  /** Who the CLI speaks for when {@code --agent} is not given. */
  static final String DEFAULT_AGENT = "cli";

  private static final int DEFAULT_BUDGET_TOKENS = 2000;
  private static final Set<String> WHO = Set.of("agent", "chat", "thread");
  private static final Set<String> JSON = Set.of("json");

  private final Function<Component, ServiceClient> clients;
  private final PrintStream out;

  MemoryCommands(Function<Component, ServiceClient> clients, PrintStream out) {
    this.clients = clients;
    this.out = out;
  }

  /**
   * The verbs against the suite under {@code home}, with {@code $ENGRAM_API_KEY} or else the local
   * admin key. Clients are made on first use, so a usage error is reported before a missing suite.
   */
  static MemoryCommands of(Path home, Map<String, String> env, PrintStream out) {
    String key = env.get("ENGRAM_API_KEY");
    return new MemoryCommands(
        service -> {
          if (key != null && !key.isBlank()) {
            return ServiceClient.of(home, service, key.strip());
          }
          Path file = ServiceClient.adminKeyFile(home);
          if (!Files.isRegularFile(file)) {
            throw new Unreachable(
                "no API key: set ENGRAM_API_KEY, or start Engram here (./engram up), which makes "
                    + file);
          }
          return ServiceClient.of(home, service);
        },
        out);
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
        call(
            line,
            Component.CAPTURE,
            c -> c.post("/v1/memories", body(line, Map.of("text", Json.quote(text)))));
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
    String request = body(line, Map.of("query", Json.quote(query), "k", Integer.toString(k)));
    Map<String, Object> answer = call(line, Component.RECALL, c -> c.post("/v1/recall", request));
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
    String request = body(line, fields);
    Map<String, Object> context = call(line, Component.RECALL, c -> c.post("/v1/context", request));
    if (context == null) {
      return 0;
    }
    String text = String.valueOf(context.getOrDefault("text", "")).strip();
    out.println(text.isEmpty() ? "(empty: nothing is known for this agent and chat yet)" : text);
    out.println();
    out.printf(
        "-- %s of %s tokens%s%n",
        context.get("tokens"), context.get("budget_tokens"), omitted(context));
    for (Object o : ServiceClient.asList(context.get("skipped"))) {
      Map<String, Object> skipped = ServiceClient.asMap(o);
      out.println("-- without " + skipped.get("source") + ": " + skipped.get("reason"));
    }
    return 0;
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

  private int forget(CommandLine line) {
    String id = line.positionals(1, 1, tenantWideUsage("forget ID")).get(0);
    if (!id.matches("[0-9]{1,18}")) {
      throw new CommandLine.UsageError("forget takes a memory id (a number), got '" + id + "'");
    }
    if (call(line, Component.CAPTURE, c -> c.delete("/v1/memories/" + id)) != null) {
      out.println("Forgot memory #" + id);
    }
    return 0;
  }

  private int stats(CommandLine line) {
    line.positionals(0, 0, tenantWideUsage("stats"));
    Map<String, Object> stats = call(line, Component.CAPTURE, c -> c.get("/v1/stats"));
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

  /**
   * Calls the service; with {@code --json} prints its answer as it is and returns null, otherwise
   * returns the parsed answer for the readable output. A refusal or an unreachable suite throws.
   */
  private Map<String, Object> call(
      CommandLine line, Component service, Function<ServiceClient, Reply> request) {
    Reply reply = request.apply(clients.apply(service)).require();
    if (line.flag("json")) {
      if (!reply.text().isBlank()) {
        out.println(reply.text().strip());
      }
      return null;
    }
    return reply.map();
  }

  /** {@code {"agent":..,"chat":..,"thread":..}} with the options given, then {@code fields}. */
  private static String body(CommandLine line, Map<String, String> fields) {
    StringBuilder json = new StringBuilder("{\"agent\":");
    json.append(Json.quote(line.option("agent") == null ? DEFAULT_AGENT : line.option("agent")));
    for (String name : List.of("chat", "thread")) {
      if (line.option(name) != null) {
        json.append(",\"").append(name).append("\":").append(Json.quote(line.option(name)));
      }
    }
    // sorted, so a request reads the same every time
    new TreeMap<>(fields)
        .forEach((name, literal) -> json.append(",\"").append(name).append("\":").append(literal));
    return json.append('}').toString();
  }

  private static String usage(String verb) {
    return "usage: ./engram " + verb + " [--agent A] [--chat C] [--thread T] [--json]";
  }

  private static String tenantWideUsage(String verb) {
    return "usage: ./engram " + verb + " [--json]";
  }

  /** Exit code of a failed call: 3 when the suite is not there, 1 when the service said no. */
  static int exitCode(ServiceFailure failure) {
    return failure instanceof Unreachable ? 3 : 1;
  }
}
