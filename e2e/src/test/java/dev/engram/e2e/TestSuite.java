package dev.engram.e2e;

import dev.engram.launcher.Suite;
import dev.engram.launcher.SuiteBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * One test class's suite, started exactly as {@code ./engram up} starts it, on random ports in a
 * fresh temporary home, and removed with that home when the class is done.
 */
final class TestSuite implements AutoCloseable {

  final Path home;
  final Suite suite;

  private TestSuite(Path home, Suite suite) {
    this.home = home;
    this.suite = suite;
  }

  /** Starts a suite; {@code configure} adds what the class needs (extra keys, environment). */
  static TestSuite start(String name, UnaryOperator<SuiteBuilder> configure) throws IOException {
    return start(name, configure, suite -> {});
  }

  /** Starts a suite; {@code beforeUp} sees it built (its ports chosen) before anything starts. */
  static TestSuite start(
      String name, UnaryOperator<SuiteBuilder> configure, Consumer<Suite> beforeUp)
      throws IOException {
    Path root = Path.of(System.getProperty("engram.repo.root", "..")).toAbsolutePath().normalize();
    Path home = Files.createTempDirectory("engram-" + name + "-");
    SuiteBuilder builder =
        Suite.builder(root, home)
            .randomPorts()
            .detached(false)
            .timeout(Duration.ofMinutes(5))
            .progress(line -> System.out.println("[suite] " + line))
            // Each class starts its own suite: three warm-up rounds (not 40) still run every
            // service's warm-up path and plan its statements, and save minutes of CI per run.
            // The services' JIT stops at C1: on two cores a suite's start is CPU-bound, and
            // without C2 it took 33 s instead of 44-52 s (./engram up, alternated, load 4.3-4.6).
            // These tests check behaviour, not speed; the benchmarks run the JVM's default.
            .env(
                Map.of(
                    "ENGRAM_WARMUP_ROUNDS", "3",
                    "JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1"));
    Suite suite = configure.apply(builder).build();
    TestSuite started = new TestSuite(home, suite);
    try {
      beforeUp.accept(suite);
      suite.up();
    } catch (RuntimeException e) {
      started.close();
      throw e;
    }
    return started;
  }

  @Override
  public void close() throws IOException {
    try {
      suite.close();
    } finally {
      try (Stream<Path> files = Files.walk(home)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
