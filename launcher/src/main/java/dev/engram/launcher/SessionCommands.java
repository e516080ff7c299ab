package dev.engram.launcher;

import dev.engram.launcher.ServiceClient.Reply;
import dev.engram.launcher.ServiceClient.Unreachable;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code ./engram session start | session end | check}: the session calls a gateway makes (start:
 * the warm-start context; end: handoff, summary, Reflector; check: a checkpoint before it compacts
 * its context), from the command line. Same conventions as {@link MemoryCommands}; a 503 (recall
 * cannot reach capture) counts as the suite not being reachable (exit code 3).
 */
final class SessionCommands {

  static final String START_USAGE =
      "usage: ./engram session start --agent A [--chat C] [--thread T] [--session S]"
          + " [--message TEXT] [--budget TOKENS] [--json]";
  static final String END_USAGE =
      "usage: ./engram session end SESSION --agent A [--chat C] [--thread T] [--summary TEXT]"
          + " [--json]";
  static final String CHECK_USAGE =
      "usage: ./engram check SESSION --agent A [--chat C] [--thread T] [--summary TEXT]"
          + " [--commitment TEXT]... [--json]";

  private static final Set<String> JSON = Set.of("json");

  private final SuiteCalls calls;
  private final PrintStream out;

  SessionCommands(SuiteCalls calls, PrintStream out) {
    this.calls = calls;
    this.out = out;
  }

  /** {@code verb} is {@code session} or {@code check}; usage errors throw. */
  int run(String verb, List<String> args) {
    if (verb.equals("check")) {
      return check(
          CommandLine.parse(
              args, Set.of("agent", "chat", "thread", "summary"), Set.of("commitment"), JSON));
    }
    String sub = args.isEmpty() ? "" : args.get(0);
    List<String> rest = args.subList(Math.min(1, args.size()), args.size());
    return switch (sub) {
      case "start" ->
          start(
              CommandLine.parse(
                  rest, Set.of("agent", "chat", "thread", "session", "message", "budget"), JSON));
      case "end" ->
          end(CommandLine.parse(rest, Set.of("agent", "chat", "thread", "summary"), JSON));
      default ->
          throw new CommandLine.UsageError(
              (sub.isEmpty() ? "session needs start or end" : "unknown: session " + sub)
                  + "\n"
                  + START_USAGE
                  + "\n"
                  + END_USAGE);
    };
  }

  private int start(CommandLine line) {
    line.positionals(0, 0, START_USAGE);
    requireAgent(line, START_USAGE);
    Map<String, String> fields = new HashMap<>();
    fields.put(
        "budget_tokens",
        Integer.toString(line.positiveInt("budget", MemoryCommands.DEFAULT_BUDGET_TOKENS)));
    if (line.option("session") != null) {
      fields.put("session", Json.quote(sessionId(line.option("session"), START_USAGE)));
    }
    if (line.option("message") != null) {
      fields.put("first_message", Json.quote(line.option("message")));
    }
    String request = SuiteCalls.body(line, fields);
    Reply reply = send(line, Component.RECALL, c -> c.post("/v1/sessions/start", request));
    if (reply == null) {
      return 0;
    }
    Map<String, Object> session = ServiceClient.asMap(reply.map().get("session"));
    out.printf(
        "Session %s %s (%s)%n",
        session.get("session"), reply.status() == 201 ? "started" : "continued", who(session));
    out.println();
    ContextBlock.print(out, ServiceClient.asMap(reply.map().get("context")));
    return 0;
  }

  private int end(CommandLine line) {
    String id = sessionOf(line, END_USAGE);
    String request = SuiteCalls.body(line, summary(line));
    Reply reply =
        send(line, Component.CAPTURE, c -> c.post("/v1/sessions/" + segment(id) + "/end", request));
    if (reply == null) {
      return 0;
    }
    Map<String, Object> session = ServiceClient.asMap(reply.map().get("session"));
    out.printf("Ended session %s (%s)%n", id, who(session.isEmpty() ? line.options() : session));
    out.println("Summary:");
    indented(session.get("summary") == null ? "(none)" : String.valueOf(session.get("summary")));
    Map<String, Object> handoff = ServiceClient.asMap(reply.map().get("handoff"));
    if (!handoff.isEmpty()) {
      slot("Handoff", handoff);
    }
    Object reflector = reply.map().get("reflector");
    if (reflector != null) {
      out.println(
          "Reflector: "
              + ("started".equals(reflector)
                  ? "started on this chat (runs in the background)"
                  : reflector));
    }
    return 0;
  }

  private int check(CommandLine line) {
    String id = sessionOf(line, CHECK_USAGE);
    Map<String, String> fields = summary(line);
    if (!line.all("commitment").isEmpty()) {
      fields.put("commitments", SuiteCalls.quoteAll(line.all("commitment")));
    }
    String request = SuiteCalls.body(line, fields);
    Reply reply =
        send(
            line,
            Component.CAPTURE,
            c -> c.post("/v1/sessions/" + segment(id) + "/checkpoint", request));
    if (reply == null) {
      return 0;
    }
    Map<String, Object> checkpoint = ServiceClient.asMap(reply.map().get("checkpoint"));
    out.printf(
        "Checkpoint #%s of session %s at %s%n",
        checkpoint.get("id"), checkpoint.get("session"), checkpoint.get("created_at"));
    slot("Slot", ServiceClient.asMap(reply.map().get("slot")));
    return 0;
  }

  /** A call whose 503 (a service behind it is down) is exit code 3, like an unreachable suite. */
  private Reply send(CommandLine line, Component service, Function<ServiceClient, Reply> request) {
    return calls.call(
        line,
        service,
        client -> {
          Reply reply = request.apply(client);
          if (reply.status() == 503) {
            throw new Unreachable(reply.problem() + " (./engram status shows what is down)");
          }
          return reply;
        });
  }

  /** {@code HANDOFF: THREAD t1, "handoff" version 3, 57 tokens} and the content, indented. */
  private void slot(String title, Map<String, Object> slot) {
    out.printf(
        "%s: %s %s, \"%s\" version %s, %s tokens%n",
        title,
        slot.get("owner_type"),
        slot.get("owner_id"),
        slot.get("name"),
        slot.get("version"),
        slot.get("tokens"));
    indented(String.valueOf(slot.getOrDefault("content", "")));
    if (slot.get("status") != null && !"ACTIVE".equals(slot.get("status"))) {
      out.println("  status " + slot.get("status") + ": " + slot.get("status_reason"));
    }
  }

  private void indented(String text) {
    text.strip().lines().forEach(line -> out.println("  " + line));
  }

  /** {@code agent bot1, chat telegram:1, thread t1} from a session view (or the options). */
  private static String who(Map<String, ?> session) {
    List<String> parts = new ArrayList<>();
    for (String name : List.of("agent", "chat", "thread")) {
      if (session.get(name) != null) {
        parts.add(name + " " + session.get(name));
      }
    }
    return String.join(", ", parts);
  }

  /** The SESSION word of end and check, after checking it and the agent. */
  private static String sessionOf(CommandLine line, String usage) {
    String id = sessionId(line.positionals(1, 1, usage).get(0), usage);
    requireAgent(line, usage);
    return id;
  }

  /** The fields of end and check with the gateway's {@code --summary}, when given. */
  private static Map<String, String> summary(CommandLine line) {
    Map<String, String> fields = new HashMap<>();
    if (line.option("summary") != null) {
      fields.put("summary", Json.quote(line.option("summary")));
    }
    return fields;
  }

  /** Sessions belong to a gateway's agent: unlike the memory verbs, no default agent. */
  private static void requireAgent(CommandLine line, String usage) {
    if (line.option("agent") == null || line.option("agent").isBlank()) {
      throw new CommandLine.UsageError("--agent is required\n" + usage);
    }
  }

  private static String sessionId(String id, String usage) {
    if (id.isBlank() || id.length() > 200 || id.chars().anyMatch(Character::isISOControl)) {
      throw new CommandLine.UsageError(
          "a session id is 1-200 printable characters, got '" + id + "'\n" + usage);
    }
    return id;
  }

  /** The id as one URL path segment (a session id may hold spaces or slashes). */
  private static String segment(String id) {
    return URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
