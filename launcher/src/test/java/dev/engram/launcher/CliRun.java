package dev.engram.launcher;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code ./engram} as a test runs it: the CLI on a temporary home and environment, with stdout and
 * stderr captured (they add up over runs until {@link #reset()}).
 */
final class CliRun {

  private final Path home;
  private final Map<String, String> env;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  CliRun(Path home, Map<String, String> env) {
    this.home = home;
    this.env = env;
  }

  int run(String stdin, String... args) {
    return new EngramCli(
            Path.of("").toAbsolutePath().getParent(),
            home,
            env,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)))
        .run(args);
  }

  /** Forgets the output so far, then runs with nothing on stdin. */
  int fresh(String... args) {
    reset();
    return run("", args);
  }

  void reset() {
    out.reset();
    err.reset();
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
