package dev.engram.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngramCliTest {

  @TempDir Path home;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return new EngramCli(
            Path.of("").toAbsolutePath().getParent(),
            home,
            Map.of("ENGRAM_CAPTURE_PORT", "18081", "ENGRAM_CONSOLE_PORT", "18085"),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8))
        .run(args);
  }

  @Test
  void statusOfAStoppedSuiteListsEveryComponentAndExitsThree() {
    assertEquals(3, run("status"));
    String text = out.toString(StandardCharsets.UTF_8);
    for (Component c : Component.values()) {
      assertTrue(text.contains(c.id()), text);
    }
    assertTrue(text.contains("http://127.0.0.1:18081"), "port from ENGRAM_CAPTURE_PORT: " + text);
    assertTrue(
        text.lines().anyMatch(l -> l.contains("console") && l.contains("http://127.0.0.1:18085")),
        "the console, on the port from ENGRAM_CONSOLE_PORT: " + text);
  }

  @Test
  void anUnknownCommandOrComponentIsAClearError() {
    assertEquals(2, run("upp"));
    assertTrue(
        err.toString(StandardCharsets.UTF_8).contains("Unmatched argument at index 0: 'upp'"),
        err.toString(StandardCharsets.UTF_8));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("Did you mean: ./engram up"));
    assertEquals(1, run("up", "kafka"));
    assertTrue(
        err.toString(StandardCharsets.UTF_8).contains("expected one of postgres, neo4j"),
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void demoWithoutARunningSuiteSaysToStartIt() {
    assertEquals(1, run("demo"));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("./engram up"));
  }
}
