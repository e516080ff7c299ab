package dev.engram.launcher;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** {@code --name value} command-line options, with a clear message for a missing one. */
record Args(Map<String, String> values) {

  static Args parse(String[] argv) {
    Map<String, String> values = new HashMap<>();
    for (int i = 0; i < argv.length; i++) {
      String arg = argv[i];
      if (!arg.startsWith("--")) {
        throw new IllegalArgumentException("unexpected argument: " + arg);
      }
      String name = arg.substring(2);
      int eq = name.indexOf('=');
      if (eq >= 0) {
        values.put(name.substring(0, eq), name.substring(eq + 1));
      } else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) {
        values.put(name, argv[++i]);
      } else {
        values.put(name, "true");
      }
    }
    return new Args(values);
  }

  String required(String name) {
    String value = values.get(name);
    if (value == null) {
      throw new IllegalArgumentException("missing --" + name);
    }
    return value;
  }

  Path path(String name) {
    return Path.of(required(name)).toAbsolutePath();
  }

  int port(String name) {
    return Integer.parseInt(required(name));
  }

  boolean flag(String name) {
    return Boolean.parseBoolean(values.getOrDefault(name, "false"));
  }

  String optional(String name) {
    return values.get(name);
  }
}
