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
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./engram session start | session end | check}: the session calls a gateway makes (start:
 * the warm-start context; end: handoff, summary, Reflector; check: a checkpoint before it compacts
 * its context), from the command line. Same conventions as {@link MemoryCommands}; a 503 (recall
 * cannot reach capture) counts as the suite not being reachable (exit code 3). {@code start} and
 * {@code end} are {@code session}'s verbs, {@code check} is a verb of its own.
 */
@Command(name = "session", description = "sessions of a gateway's agent (--agent A required)")
final class SessionCommands {

  private final MemoryCommands memory;
  private final PrintStream out;

  SessionCommands(MemoryCommands memory, PrintStream out) {
    this.memory = memory;
    this.out = out;
  }

  @Command(
      name = "start",
      description =
          "start (or continue) a session: prints its id, then the warm-start context (handoff,"
              + " recent turns, what is relevant to the message)")
  int start(
      @Mixin Who who,
      @Mixin CallOptions call,
      @Option(names = "--session", paramLabel = "S", description = "the id to continue")
          String session,
      @Option(names = "--message", paramLabel = "TEXT", description = "the first message")
          String message,
      @Option(names = "--budget", paramLabel = "TOKENS", description = "default 2000")
          Integer budget) {
    requireAgent(who);
    Map<String, String> fields = new HashMap<>();
    fields.put(
        "budget_tokens",
        Integer.toString(
            MemoryCommands.atLeastOne("--budget", budget, MemoryCommands.DEFAULT_BUDGET_TOKENS)));
    if (session != null) {
      fields.put("session", Json.quote(sessionId(session)));
    }
    if (message != null) {
      fields.put("first_message", Json.quote(message));
    }
    String request = SuiteCalls.body(who, fields);
    Reply reply = send(call, Component.RECALL, c -> c.post("/v1/sessions/start", request));
    if (reply == null) {
      return 0;
    }
    Map<String, Object> started = ServiceClient.asMap(reply.map().get("session"));
    out.printf(
        "Session %s %s (%s)%n",
        started.get("session"), reply.status() == 201 ? "started" : "continued", who(started));
    out.println();
    ContextBlock.print(out, ServiceClient.asMap(reply.map().get("context")));
    return 0;
  }

  @Command(
      name = "end",
      description =
          "end it: writes the handoff and the session summary, starts the Reflector on the chat")
  int end(
      @Mixin Who who,
      @Mixin CallOptions call,
      @Option(names = "--summary", paramLabel = "TEXT", description = "the gateway's summary")
          String summary,
      @Parameters(paramLabel = "SESSION") String session) {
    String id = sessionOf(session, who);
    String request = SuiteCalls.body(who, summary(summary));
    Reply reply =
        send(call, Component.CAPTURE, c -> c.post("/v1/sessions/" + segment(id) + "/end", request));
    if (reply == null) {
      return 0;
    }
    Map<String, Object> ended = ServiceClient.asMap(reply.map().get("session"));
    out.printf("Ended session %s (%s)%n", id, ended.isEmpty() ? who(who) : who(ended));
    out.println("Summary:");
    indented(ended.get("summary") == null ? "(none)" : String.valueOf(ended.get("summary")));
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

  int check(Who who, CallOptions call, String summary, List<String> commitments, String session) {
    String id = sessionOf(session, who);
    Map<String, String> fields = summary(summary);
    if (commitments != null && !commitments.isEmpty()) {
      fields.put("commitments", SuiteCalls.quoteAll(commitments));
    }
    String request = SuiteCalls.body(who, fields);
    Reply reply =
        send(
            call,
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
  private Reply send(CallOptions call, Component service, Function<ServiceClient, Reply> request) {
    return memory
        .calls(call)
        .call(
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

  /** {@code agent bot1, chat telegram:1} from the options, when the answer has no session. */
  private static String who(Who who) {
    Map<String, String> given = new HashMap<>();
    given.put("agent", who.agent);
    given.put("chat", who.chat);
    given.put("thread", who.thread);
    return who(given);
  }

  /** The SESSION word of end and check, after checking it and the agent. */
  private static String sessionOf(String session, Who who) {
    String id = sessionId(session);
    requireAgent(who);
    return id;
  }

  /** The fields of end and check with the gateway's {@code --summary}, when given. */
  private static Map<String, String> summary(String summary) {
    Map<String, String> fields = new HashMap<>();
    if (summary != null) {
      fields.put("summary", Json.quote(summary));
    }
    return fields;
  }

  /** Sessions belong to a gateway's agent: unlike the memory verbs, no default agent. */
  private static void requireAgent(Who who) {
    if (who.agent == null || who.agent.isBlank()) {
      throw new UsageError("--agent is required");
    }
  }

  private static String sessionId(String id) {
    if (id.isBlank() || id.length() > 200 || id.chars().anyMatch(Character::isISOControl)) {
      throw new UsageError("a session id is 1-200 printable characters, got '" + id + "'");
    }
    return id;
  }

  /** The id as one URL path segment (a session id may hold spaces or slashes). */
  private static String segment(String id) {
    return URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
