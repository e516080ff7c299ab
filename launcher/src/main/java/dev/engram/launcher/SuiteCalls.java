package dev.engram.launcher;

import dev.engram.launcher.ServiceClient.Reply;
import dev.engram.launcher.ServiceClient.ServiceFailure;
import dev.engram.launcher.ServiceClient.Unreachable;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * How the memory and session verbs call a running suite: one client per service with the caller's
 * key, the request body from {@code --agent/--chat/--thread}, and {@code --json} printing the
 * service's answer as it is.
 */
final class SuiteCalls {

  /** Who the CLI speaks for when {@code --agent} is not given. */
  static final String DEFAULT_AGENT = "cli";

  private final Function<Component, ServiceClient> clients;
  private final PrintStream out;

  SuiteCalls(Function<Component, ServiceClient> clients, PrintStream out) {
    this.clients = clients;
    this.out = out;
  }

  /**
   * Calls to the suite under {@code home}, with {@code $ENGRAM_API_KEY} or else the local admin
   * key. Clients are made on first use, so a usage error is reported before a missing suite.
   */
  static SuiteCalls of(Path home, Map<String, String> env, PrintStream out) {
    String key = env.get("ENGRAM_API_KEY");
    return new SuiteCalls(
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

  /**
   * Calls the service; with {@code --json} prints its answer as it is and returns null, otherwise
   * returns the answer for the readable output. A refusal or an unreachable suite throws.
   */
  Reply call(CommandLine line, Component service, Function<ServiceClient, Reply> request) {
    Reply reply = request.apply(clients.apply(service)).require();
    if (line.flag("json")) {
      if (!reply.text().isBlank()) {
        out.println(reply.text().strip());
      }
      return null;
    }
    return reply;
  }

  /** {@link #call}'s answer as a JSON object, or null after {@code --json}. */
  Map<String, Object> callForMap(
      CommandLine line, Component service, Function<ServiceClient, Reply> request) {
    Reply reply = call(line, service, request);
    return reply == null ? null : reply.map();
  }

  /** {@code {"agent":..,"chat":..,"thread":..}} with the options given, then {@code fields}. */
  static String body(CommandLine line, Map<String, String> fields) {
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

  /** A JSON array of strings. */
  static String quoteAll(List<String> values) {
    List<String> quoted = new ArrayList<>();
    values.forEach(v -> quoted.add(Json.quote(v)));
    return "[" + String.join(",", quoted) + "]";
  }

  /** Exit code of a failed call: 3 when the suite is not there, 1 when the service said no. */
  static int exitCode(ServiceFailure failure) {
    return failure instanceof Unreachable ? 3 : 1;
  }
}
