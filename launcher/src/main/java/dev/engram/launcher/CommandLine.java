package dev.engram.launcher;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The arguments of one verb: words, {@code --name value} (or {@code --name=value}) options from a
 * known set, options that may be given more than once (e.g. {@code --commitment}), and {@code
 * --flag}s. Anything else is a {@link UsageError} (exit code 2), never silently ignored.
 */
record CommandLine(
    List<String> positionals,
    Map<String, String> options,
    Map<String, List<String>> repeated,
    Set<String> flags) {

  static CommandLine parse(List<String> args, Set<String> valueOptions, Set<String> flagOptions) {
    return parse(args, valueOptions, Set.of(), flagOptions);
  }

  static CommandLine parse(
      List<String> args,
      Set<String> valueOptions,
      Set<String> repeatableOptions,
      Set<String> flagOptions) {
    List<String> words = new ArrayList<>();
    Map<String, String> options = new HashMap<>();
    Map<String, List<String>> repeated = new HashMap<>();
    Set<String> flags = new HashSet<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("--")) {
        words.addAll(args.subList(i + 1, args.size()));
        break;
      }
      if (!arg.startsWith("--") || arg.length() == 2) {
        words.add(arg);
        continue;
      }
      String name = arg.substring(2);
      String value = null;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      }
      if (flagOptions.contains(name) && value == null) {
        flags.add(name);
      } else if (valueOptions.contains(name) || repeatableOptions.contains(name)) {
        if (value == null) {
          if (i + 1 >= args.size()) {
            throw new UsageError("--" + name + " needs a value");
          }
          value = args.get(++i);
        }
        if (repeatableOptions.contains(name)) {
          repeated.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        } else {
          options.put(name, value);
        }
      } else {
        throw new UsageError("unknown option --" + name);
      }
    }
    Map<String, List<String>> lists = new HashMap<>();
    repeated.forEach((name, values) -> lists.put(name, List.copyOf(values)));
    return new CommandLine(
        List.copyOf(words), Map.copyOf(options), Map.copyOf(lists), Set.copyOf(flags));
  }

  /** The words, when there are between {@code min} and {@code max} of them. */
  List<String> positionals(int min, int max, String usage) {
    if (positionals.size() < min || positionals.size() > max) {
      throw new UsageError(
          (positionals.size() < min ? "missing argument" : "unexpected: " + positionals.get(max))
              + "\n"
              + usage);
    }
    return positionals;
  }

  String option(String name) {
    return options.get(name);
  }

  /** Every value of a repeatable option, in the order given (empty when not given). */
  List<String> all(String name) {
    return repeated.getOrDefault(name, List.of());
  }

  /** A whole number of at least 1, or {@code fallback} when not given. */
  int positiveInt(String name, int fallback) {
    String value = options.get(name);
    if (value == null) {
      return fallback;
    }
    try {
      int n = Integer.parseInt(value.strip());
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageError("--" + name + " must be a whole number of at least 1 (got " + value + ")");
  }

  boolean flag(String name) {
    return flags.contains(name);
  }

  /** The command line was wrong; the message says how (exit code 2). */
  static final class UsageError extends RuntimeException {
    UsageError(String message) {
      super(message, null, false, false);
    }
  }
}
