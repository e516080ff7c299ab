package dev.engram.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which suite a benchmark talks to. Each value comes from its flag, else the environment, else what
 * {@code ./engram up} wrote under {@code $ENGRAM_HOME} ({@code config.env}, {@code
 * secrets/admin.key}, {@code run/recall.pid}), else the default ports.
 */
public record Target(Path home, URI capture, URI recall, String key) {

  static final String USAGE =
      """
      connection (defaults: what ./engram up wrote under $ENGRAM_HOME):
        --home DIR         $ENGRAM_HOME (default ./.engram): config.env, secrets/, run/
        --capture URL      capture-service (env ENGRAM_CAPTURE_URL; default from config.env)
        --recall URL       recall-service (env ENGRAM_RECALL_URL; default from config.env)
        --key KEY          API key with the agent role (env ENGRAM_API_KEY; default
                           secrets/admin.key)
      """;

  public static Target resolve(Args args, Map<String, String> env) {
    Path home =
        Path.of(args.string("home", env.getOrDefault("ENGRAM_HOME", ".engram")).strip())
            .toAbsolutePath()
            .normalize();
    Map<String, String> config = readConfig(home.resolve("config.env"));
    URI capture = url(args, env, config, "capture", 8081);
    URI recall = url(args, env, config, "recall", 8082);
    String key = args.string("key", env.get("ENGRAM_API_KEY"));
    if (key == null || key.isBlank()) {
      Path file = home.resolve("secrets/admin.key");
      try {
        key = Files.readString(file, StandardCharsets.UTF_8).strip();
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "no API key: give --key or ENGRAM_API_KEY, or start the suite with ./engram up"
                + " (it writes "
                + file
                + ")");
      }
    }
    return new Target(home, capture, recall, key.strip());
  }

  /** The pid of recall-service as {@code ./engram} recorded it, if that file exists. */
  public Optional<Long> recallPid() {
    return pid("recall");
  }

  /** The pid of a component as {@code ./engram} recorded it, if that file exists. */
  public Optional<Long> pid(String component) {
    try {
      return Optional.of(
          Long.parseLong(Files.readString(home.resolve("run/" + component + ".pid")).strip()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static URI url(
      Args args, Map<String, String> env, Map<String, String> config, String service, int port) {
    String upper = service.toUpperCase(java.util.Locale.ROOT);
    String value = args.string(service, env.get("ENGRAM_" + upper + "_URL"));
    if (value == null || value.isBlank()) {
      value = config.get("ENGRAM_" + upper + "_URL");
    }
    if (value == null || value.isBlank()) {
      value = "http://127.0.0.1:" + port;
    }
    value = value.strip();
    return URI.create(value.endsWith("/") ? value.substring(0, value.length() - 1) : value);
  }

  /** {@code KEY=value} lines; missing or unreadable means empty. */
  public static Map<String, String> readConfig(Path file) {
    Map<String, String> config = new HashMap<>();
    if (!Files.isRegularFile(file)) {
      return config;
    }
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        int eq = line.indexOf('=');
        if (!line.startsWith("#") && eq > 0) {
          config.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
        }
      }
    } catch (IOException e) {
      return Map.of();
    }
    return config;
  }

  @Override
  public String toString() {
    return "capture " + capture + ", recall " + recall + " (home " + home + ")";
  }
}
