package dev.engram.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The ports of a suite, recorded in {@code config.env} so that {@code status}, {@code down} and
 * {@code demo} of a later invocation (or another test) find a running suite where it really is.
 */
final class SuitePorts {

  private SuitePorts() {}

  /**
   * The ports of a suite that is (partly) running win, so a second {@code up} joins it; otherwise
   * random free ports or the fixed defaults, with explicit overrides on top.
   */
  static Map<Component, Integer> resolve(
      SuiteHome home,
      boolean random,
      Map<Component, Integer> overrides,
      Predicate<Component> running) {
    Map<Component, Integer> recorded = read(home);
    boolean anyRunning =
        !recorded.isEmpty() && List.of(Component.values()).stream().anyMatch(running);
    Map<Component, Integer> ports = new EnumMap<>(Component.class);
    Set<Integer> taken = new HashSet<>();
    for (Component c : Component.values()) {
      int port;
      if (anyRunning && recorded.containsKey(c)) {
        port = recorded.get(c);
      } else if (overrides.containsKey(c)) {
        port = overrides.get(c);
      } else if (random) {
        do {
          port = Probes.freePort();
        } while (!taken.add(port));
      } else {
        port = c.defaultPort();
      }
      taken.add(port);
      ports.put(c, port);
    }
    return ports;
  }

  static String key(Component c) {
    return "ENGRAM_" + c.id().toUpperCase(Locale.ROOT) + "_PORT";
  }

  static Map<Component, Integer> read(SuiteHome home) {
    Map<Component, Integer> ports = new EnumMap<>(Component.class);
    Path file = home.configFile();
    if (!Files.isRegularFile(file)) {
      return ports;
    }
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        int eq = line.indexOf('=');
        if (line.startsWith("#") || eq < 0) {
          continue;
        }
        for (Component c : Component.values()) {
          if (line.substring(0, eq).strip().equals(key(c))) {
            ports.put(c, Integer.parseInt(line.substring(eq + 1).strip()));
          }
        }
      }
    } catch (IOException | NumberFormatException e) {
      return new EnumMap<>(Component.class); // unreadable: fall back to defaults
    }
    return ports;
  }

  /** Written atomically; shell-sourceable (ports and URLs only, never secrets). */
  static void write(SuiteHome home, Map<Component, Integer> ports) throws IOException {
    StringBuilder text =
        new StringBuilder(
            "# Written by ./engram (dev.engram.launcher.Suite): where this suite listens.\n"
                + "# Read by later ./engram commands; source it in scripts. Secrets are in"
                + " secrets/.\n");
    for (Component c : Component.values()) {
      text.append(key(c)).append('=').append(ports.get(c)).append('\n');
    }
    for (Component c : Component.applications()) {
      text.append("ENGRAM_")
          .append(c.id().toUpperCase(Locale.ROOT))
          .append("_URL=http://127.0.0.1:")
          .append(ports.get(c))
          .append('\n');
    }
    Path tmp = Files.createTempFile(home.root(), "config.env", ".tmp");
    Files.writeString(tmp, text, StandardCharsets.UTF_8);
    Files.move(tmp, home.configFile(), StandardCopyOption.REPLACE_EXISTING);
  }
}
