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
 * How the memory, session and review verbs call a suite: one client per service with the caller's
 * key, the request body from {@link Who}, and {@code --json} printing the service's answer as it
 * is.
 */
final class SuiteCalls {

  private final Function<Component, ServiceClient> clients;
  private final boolean json;
  private final PrintStream out;

  SuiteCalls(Function<Component, ServiceClient> clients, boolean json, PrintStream out) {
    this.clients = clients;
    this.json = json;
    this.out = out;
  }

  /**
   * Calls to the suite the options name: a service's URL from {@code --capture-url/--recall-url},
   * else {@code --url} (or {@code $ENGRAM_URL}), else {@code $ENGRAM_HOME/config.env}; the key from
   * {@code --key}, else {@code $ENGRAM_API_KEY}, else the local admin key. Clients are made on
   * first use, so a usage error is reported before a missing suite.
   */
  static SuiteCalls of(Path home, Map<String, String> env, CallOptions options, PrintStream out) {
    String key = given(options.key, env.get("ENGRAM_API_KEY"));
    String url = url("--url", given(options.url, env.get("ENGRAM_URL")));
    url("--capture-url", options.captureUrl);
    url("--recall-url", options.recallUrl);
    return new SuiteCalls(
        service -> {
          String own =
              switch (service) {
                case CAPTURE -> given(options.captureUrl, url);
                case RECALL -> given(options.recallUrl, url);
                default -> url;
              };
          String presented = key != null ? key : adminKey(home);
          return own != null
              ? new ServiceClient(service.module(), own, presented)
              : ServiceClient.of(home, service, presented);
        },
        options.json,
        out);
  }

  private static String given(String option, String fallback) {
    String value = option != null && !option.isBlank() ? option : fallback;
    return value == null || value.isBlank() ? null : value.strip();
  }

  private static String url(String option, String url) {
    if (url != null && !url.isBlank() && !url.strip().matches("https?://[^\\s/?#]+(/[^\\s?#]*)?")) {
      throw new UsageError(
          option + " (or ENGRAM_URL) must be an http:// or https:// address, got '" + url + "'");
    }
    return url;
  }

  private static String adminKey(Path home) {
    Path file = ServiceClient.adminKeyFile(home);
    if (!Files.isRegularFile(file)) {
      throw new Unreachable(
          "no API key: set ENGRAM_API_KEY (or --key), or start Engram here (./engram up), which"
              + " makes "
              + file);
    }
    return ServiceClient.readKey(file, "admin");
  }

  /**
   * Calls the service; with {@code --json} prints its answer as it is and returns null, otherwise
   * returns the answer for the readable output. A refusal or an unreachable suite throws.
   */
  Reply call(Component service, Function<ServiceClient, Reply> request) {
    Reply reply = request.apply(clients.apply(service)).require();
    if (json) {
      if (!reply.text().isBlank()) {
        out.println(reply.text().strip());
      }
      return null;
    }
    return reply;
  }

  /** {@link #call}'s answer as a JSON object, or null after {@code --json}. */
  Map<String, Object> callForMap(Component service, Function<ServiceClient, Reply> request) {
    Reply reply = call(service, request);
    return reply == null ? null : reply.map();
  }

  /** {@code {"agent":..,"chat":..,"thread":..}} with the options given, then {@code fields}. */
  static String body(Who who, Map<String, String> fields) {
    StringBuilder json = new StringBuilder("{\"agent\":").append(Json.quote(who.agentOrDefault()));
    if (who.chat != null) {
      json.append(",\"chat\":").append(Json.quote(who.chat));
    }
    if (who.thread != null) {
      json.append(",\"thread\":").append(Json.quote(who.thread));
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
