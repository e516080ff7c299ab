package dev.engram.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The flags of one sub-command: {@code --name value}, {@code --name=value} or a bare {@code
 * --switch}. Every flag must be read by the command; {@link #finish()} rejects the rest, so a typo
 * fails instead of being ignored.
 */
public final class Args {

  private final Map<String, String> values = new LinkedHashMap<>();
  private final Set<String> read = new java.util.HashSet<>();

  /** {@code switches} are the flags that take no value. */
  public static Args parse(List<String> argv, Set<String> switches) {
    Args args = new Args();
    for (int i = 0; i < argv.size(); i++) {
      String arg = argv.get(i);
      if (!arg.startsWith("--") || arg.length() == 2) {
        throw new IllegalArgumentException("unexpected argument '" + arg + "'");
      }
      String name = arg.substring(2);
      String value;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      } else if (switches.contains(name)) {
        value = "true";
      } else if (i + 1 < argv.size()) {
        value = argv.get(++i);
      } else {
        throw new IllegalArgumentException("--" + name + " needs a value");
      }
      if (args.values.put(name, value) != null) {
        throw new IllegalArgumentException("--" + name + " is given twice");
      }
    }
    return args;
  }

  public String string(String name, String fallback) {
    read.add(name);
    String value = values.get(name);
    return value == null ? fallback : value;
  }

  public String required(String name) {
    String value = string(name, null);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("--" + name + " is required");
    }
    return value;
  }

  public Path path(String name) {
    return Path.of(required(name));
  }

  public boolean flag(String name) {
    return Boolean.parseBoolean(string(name, "false"));
  }

  public long number(String name, long fallback) {
    String value = string(name, null);
    if (value == null) {
      return fallback;
    }
    try {
      return parseCount(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " is not a number: " + value);
    }
  }

  public int integer(String name, int fallback) {
    return Math.toIntExact(number(name, fallback));
  }

  public double decimal(String name, double fallback) {
    String value = string(name, null);
    try {
      return value == null ? fallback : Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " is not a number: " + value);
    }
  }

  /** Fails on flags no one asked for. */
  public void finish() {
    List<String> unknown = new ArrayList<>();
    for (String name : values.keySet()) {
      if (!read.contains(name)) {
        unknown.add("--" + name);
      }
    }
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("unknown flag(s): " + String.join(", ", unknown));
    }
  }

  /** {@code 100000}, {@code 100k}, {@code 1m}, {@code 1_000_000}. */
  static long parseCount(String text) {
    String t = text.strip().replace("_", "").toLowerCase(java.util.Locale.ROOT);
    long factor = 1;
    if (t.endsWith("k")) {
      factor = 1_000;
      t = t.substring(0, t.length() - 1);
    } else if (t.endsWith("m")) {
      factor = 1_000_000;
      t = t.substring(0, t.length() - 1);
    }
    return Math.multiplyExact(Long.parseLong(t), factor);
  }
}
