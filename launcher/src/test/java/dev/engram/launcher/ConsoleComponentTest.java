package dev.engram.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console is a component of the suite like the services, but is handed no key. */
class ConsoleComponentTest {

  private static final Path REPO = Path.of("").toAbsolutePath().getParent();

  @TempDir Path home;

  @Test
  void theConsoleGetsTheFourServicesItsPortAndNoSecretOfTheSuite() {
    Map<String, String> caller =
        Map.of(
            "PATH", "/usr/bin:/bin",
            "ENGRAM_API_KEY", "egk_from-the-shell",
            "ENGRAM_SERVICES_INTERNAL_KEY", "internal-from-the-shell",
            "QUARKUS_DATASOURCE_PASSWORD", "pg-from-the-shell",
            "ENGRAM_CONSOLE_SESSION_IDLE", "5m");
    Suite suite =
        Suite.builder(REPO, home)
            .port(Component.CAPTURE, 19081)
            .port(Component.RECALL, 19082)
            .port(Component.GRAPH, 19083)
            .port(Component.VAULT, 19084)
            .port(Component.CONSOLE, 19085)
            .extraKeys(List.of("t2-agent:tenant2:agent:" + "ab".repeat(32)))
            .env(
                Map.of(
                    "ENGRAM_VAULT_ENCRYPTION_KEYS", "k9:c2VjcmV0",
                    "ENGRAM_RATE_LIMIT_ENABLED", "false",
                    "ENGRAM_CONSOLE_PAGE_SIZE", "20"))
            .inheritedEnvironment(caller)
            .build();
    Map<String, String> env = suite.environment(Component.CONSOLE);

    assertEquals("http://127.0.0.1:19081", env.get("ENGRAM_SERVICES_CAPTURE_URL"));
    assertEquals("http://127.0.0.1:19082", env.get("ENGRAM_SERVICES_RECALL_URL"));
    assertEquals("http://127.0.0.1:19083", env.get("ENGRAM_SERVICES_GRAPH_URL"));
    assertEquals("http://127.0.0.1:19084", env.get("ENGRAM_SERVICES_VAULT_URL"));
    assertEquals("19085", env.get("QUARKUS_HTTP_PORT"));
    assertEquals("127.0.0.1", env.get("QUARKUS_HTTP_HOST"), "nothing listens beyond this host");
    assertEquals("/usr/bin:/bin", env.get("PATH"), "the rest of the caller's environment stays");
    assertEquals("5m", env.get("ENGRAM_CONSOLE_SESSION_IDLE"), "its own settings from the shell");
    assertEquals("20", env.get("ENGRAM_CONSOLE_PAGE_SIZE"), "and from the builder");
    for (String name :
        List.of(
            "ENGRAM_SERVICES_INTERNAL_KEY",
            "ENGRAM_AUTH_KEYS",
            "ENGRAM_AUTH_KEYS_FILE",
            "ENGRAM_API_KEY",
            "QUARKUS_DATASOURCE_PASSWORD",
            "QUARKUS_NEO4J_AUTHENTICATION_PASSWORD",
            "ENGRAM_VAULT_ENCRYPTION_KEYS",
            "ENGRAM_RATE_LIMIT_ENABLED",
            "ENGRAM_VAULT_ENCRYPTION_PRIMARY_KEY",
            "ENGRAM_VAULT_DIRECTORY")) {
      assertFalse(env.containsKey(name), "the console must not get " + name);
    }
    // Whatever the names: no value the console gets holds a key or password of the suite.
    List<String> secrets =
        List.of(
            suite.adminKey(),
            suite.opsKey(),
            suite.internalKey(),
            SuiteSecrets.sha256Hex(suite.adminKey()),
            suite.sharedEnvironment().get("QUARKUS_NEO4J_AUTHENTICATION_PASSWORD"),
            suite.sharedEnvironment().get("ENGRAM_VAULT_ENCRYPTION_KEYS"));
    for (Map.Entry<String, String> e : env.entrySet()) {
      for (String secret : secrets) {
        assertFalse(e.getValue().contains(secret), e.getKey() + " carries a secret");
      }
    }

    // A service still gets the whole shared configuration, the builder's extras and the caller's.
    Map<String, String> capture = suite.environment(Component.CAPTURE);
    assertEquals(suite.internalKey(), capture.get("ENGRAM_SERVICES_INTERNAL_KEY"));
    assertEquals("19081", capture.get("QUARKUS_HTTP_PORT"));
    assertEquals("false", capture.get("ENGRAM_RATE_LIMIT_ENABLED"));
    assertEquals("pg-from-the-shell", capture.get("QUARKUS_DATASOURCE_PASSWORD"));
  }

  @Test
  void aProcessIsStartedWithExactlyTheEnvironmentItIsGiven() throws Exception {
    Path log = home.resolve("env.log");
    ComponentProcess p =
        ComponentProcess.spawn(
            List.of("/usr/bin/env"),
            Map.of("ONLY_THIS", "1"),
            home,
            log,
            home.resolve("env.pid"),
            false);
    assertTrue(p.handle().onExit().get(30, TimeUnit.SECONDS) != null);
    // This JVM has PATH, HOME, ...: none of it may leak past what the console was given.
    assertEquals("ONLY_THIS=1", Files.readString(log).strip());
  }

  @Test
  void downStopsARunningConsoleOfThisHome() throws Exception {
    Process console =
        FakeComponent.start("-Dengram.component=console", "-Dengram.home=" + home.toRealPath());
    try {
      Files.createDirectories(home.resolve("run"));
      Files.writeString(home.resolve("run/console.pid"), console.pid() + "\n");
      Suite suite = Suite.builder(REPO, home.toRealPath()).randomPorts().build();
      assertTrue(waitUntil(() -> suite.running(Component.CONSOLE)), "found through its pid file");
      suite.down();
      assertTrue(console.waitFor(30, TimeUnit.SECONDS), "down stopped it");
      assertFalse(Files.exists(home.resolve("run/console.pid")));
    } finally {
      console.destroyForcibly();
    }
  }

  @Test
  void whenTheTestJvmGoesAwayTheParentWatchStopsTheConsoleToo() throws Exception {
    Process console =
        FakeComponent.start("-Dengram.component=console", "-Dengram.home=" + home.toRealPath());
    try {
      Files.createDirectories(home.resolve("run"));
      Files.writeString(home.resolve("run/console.pid"), console.pid() + "\n");
      assertTrue(
          waitUntil(() -> ComponentProcess.commandLine(console.pid()).size() > 2), "started");
      // Closing the watch's pipe is what the JVM's death does: it signals every recorded process.
      ParentWatch.start(new SuiteHome(home.toRealPath())).close();
      assertTrue(console.waitFor(30, TimeUnit.SECONDS), "the watch stopped the console");
    } finally {
      console.destroyForcibly();
    }
  }

  @Test
  void anUnbuiltConsoleIsNamedWithHowToBuildIt(@TempDir Path emptyRepo) {
    SuiteException e =
        assertThrows(
            SuiteException.class,
            () ->
                Suite.builder(emptyRepo, home)
                    .randomPorts()
                    .build()
                    .up(List.of(Component.CONSOLE)));
    assertEquals(Component.CONSOLE, e.component());
    assertTrue(e.getMessage().contains("console is not built"), e.getMessage());
    assertTrue(e.getMessage().contains("./mvnw -pl console -am"), e.getMessage());
  }

  @Test
  void theSummaryNamesTheConsoleAndSaysToSignInWithThePrintedKey() {
    Suite suite = Suite.builder(REPO, home).port(Component.CONSOLE, 19085).build();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    new UpSummary(suite, new PrintStream(bytes, true, StandardCharsets.UTF_8))
        .print(List.of(Component.values()));
    String text = bytes.toString(StandardCharsets.UTF_8);
    String line =
        text.lines()
            .filter(l -> l.contains("http://127.0.0.1:19085"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no console URL in:\n" + text));
    assertTrue(line.strip().startsWith("console"), line);
    assertTrue(line.contains("sign in with the API key"), line);
    assertFalse(line.contains("swagger-ui"), "the console has no API: " + line);
    assertTrue(text.contains("  " + suite.adminKey() + "\n"), "the key it means is printed");
    assertTrue(text.startsWith("Engram is up."), text);
  }

  @Test
  void theConsolesPortAndUrlAreRecordedForLaterCommands() throws Exception {
    Map<Component, Integer> ports =
        SuitePorts.resolve(new SuiteHome(home), true, Map.of(Component.CONSOLE, 19085), c -> false);
    SuitePorts.write(new SuiteHome(home), ports);
    String config = Files.readString(home.resolve("config.env"));
    assertTrue(config.contains("ENGRAM_CONSOLE_PORT=19085\n"), config);
    assertTrue(config.contains("ENGRAM_CONSOLE_URL=http://127.0.0.1:19085\n"), config);
    assertEquals(19085, SuitePorts.read(new SuiteHome(home)).get(Component.CONSOLE));
  }

  private static boolean waitUntil(java.util.function.BooleanSupplier condition)
      throws InterruptedException {
    for (int i = 0; i < 100; i++) {
      if (condition.getAsBoolean()) {
        return true;
      }
      Thread.sleep(100);
    }
    return false;
  }
}
