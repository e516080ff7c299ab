package dev.engram.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteTest {

  /** The repository root when run by Maven (the launcher module is the working directory). */
  private static final Path REPO = Path.of("").toAbsolutePath().getParent();

  @TempDir Path home;

  private Suite suite(Path repo) {
    return Suite.builder(repo, home).randomPorts().detached(false).build();
  }

  @Test
  void keysAreGeneratedOnceOwnerOnlyAndServicesGetOnlyTheirHashes() throws Exception {
    Suite first = suite(REPO);
    String admin = first.adminKey();
    assertTrue(admin.matches("egk_[A-Za-z0-9_-]{43}"), admin);
    assertEquals(admin, suite(REPO).adminKey(), "the key survives a new suite on the same home");
    assertNotEquals(admin, first.internalKey());
    assertEquals("rwx------", perms(home.resolve("secrets")));
    assertNotEquals(admin, first.opsKey());
    for (String file :
        List.of("admin.key", "ops.key", "internal.key", "neo4j.password", "api-keys")) {
      assertEquals("rw-------", perms(home.resolve("secrets").resolve(file)), file);
    }

    Map<String, String> env =
        Suite.builder(REPO, home)
            .randomPorts()
            .extraKeys(List.of("t2-agent:tenant2:agent:" + "ab".repeat(32)))
            .build()
            .sharedEnvironment();
    assertEquals(
        "local-admin:local:agent+admin+ops:"
            + SuiteSecrets.sha256Hex(admin)
            + ",local-ops:*:ops:"
            + SuiteSecrets.sha256Hex(first.opsKey())
            + ",internal:*:internal:"
            + SuiteSecrets.sha256Hex(first.internalKey())
            + ",t2-agent:tenant2:agent:"
            + "ab".repeat(32),
        env.get("ENGRAM_AUTH_KEYS"));
    assertFalse(env.get("ENGRAM_AUTH_KEYS").contains(admin), "no clear-text key in engram.auth");
    assertEquals(
        home.resolve("secrets/api-keys").toString(),
        env.get("ENGRAM_AUTH_KEYS_FILE"),
        "./engram key create writes there, the services read it");
    assertEquals(first.internalKey(), env.get("ENGRAM_SERVICES_INTERNAL_KEY"));
    assertEquals(home.resolve("data/index").toString(), env.get("ENGRAM_RECALL_INDEX_DIR"));
    assertEquals(home.resolve("backups").toString(), env.get("ENGRAM_VAULT_DIRECTORY"));
    assertEquals("true", env.get("DJL_OFFLINE"));
  }

  @Test
  void aPidFileOfAnUnrelatedProcessOrGarbageIsIgnored() throws Exception {
    Suite suite = suite(REPO);
    Files.createDirectories(home.resolve("run"));
    // Alive, but not a component: this test JVM's own pid.
    Files.writeString(home.resolve("run/capture.pid"), ProcessHandle.current().pid() + "\n");
    Files.writeString(home.resolve("run/recall.pid"), "not a pid\n");
    assertFalse(suite.running(Component.CAPTURE));
    assertFalse(suite.running(Component.RECALL));
    assertTrue(suite.pid(Component.CAPTURE).isEmpty());

    suite.down(); // must not signal us, and clears the stale files
    assertFalse(Files.exists(home.resolve("run/capture.pid")));
    assertFalse(Files.exists(home.resolve("run/recall.pid")));
  }

  @Test
  void aProcessCarryingItsMarkersIsRunningAndDownStopsItButNotOneOfAnotherHome() throws Exception {
    Process mine =
        FakeComponent.start("-Dengram.component=graph", "-Dengram.home=" + home.toRealPath());
    Process other =
        FakeComponent.start("-Dengram.component=vault", "-Dengram.home=/somewhere/else");
    try {
      Files.createDirectories(home.resolve("run"));
      Files.writeString(home.resolve("run/graph.pid"), mine.pid() + "\n");
      Files.writeString(home.resolve("run/vault.pid"), other.pid() + "\n");
      Suite suite = Suite.builder(REPO, home.toRealPath()).randomPorts().build();
      assertTrue(waitUntil(() -> suite.running(Component.GRAPH)), "found through its pid file");
      assertEquals(mine.pid(), suite.pid(Component.GRAPH).getAsLong());
      assertFalse(suite.running(Component.VAULT), "a vault of another home is not ours");

      suite.down();
      assertTrue(mine.waitFor(30, TimeUnit.SECONDS), "down stopped it");
      assertTrue(other.isAlive(), "down left the other home's process alone");
      assertFalse(Files.exists(home.resolve("run/graph.pid")));
    } finally {
      mine.destroyForcibly();
      other.destroyForcibly();
    }
  }

  @Test
  void aBusyPortFailsNamingThePortAndTheComponent() throws Exception {
    try (ServerSocket busy = new ServerSocket()) {
      busy.bind(new InetSocketAddress("127.0.0.1", 0));
      int port = busy.getLocalPort();
      Suite suite = Suite.builder(REPO, home).port(Component.POSTGRES, port).build();
      SuiteException e =
          assertThrows(SuiteException.class, () -> suite.up(List.of(Component.POSTGRES)));
      assertEquals(Component.POSTGRES, e.component());
      assertTrue(e.getMessage().contains("port " + port), e.getMessage());
      assertTrue(e.getMessage().contains("PostgreSQL"), e.getMessage());
      assertFalse(suite.running(Component.POSTGRES), "nothing was started");
    }
  }

  @Test
  void aMissingServiceBuildIsNamedWithHowToBuildIt(@TempDir Path emptyRepo) {
    SuiteException e =
        assertThrows(SuiteException.class, () -> suite(emptyRepo).up(List.of(Component.RECALL)));
    assertEquals(Component.RECALL, e.component());
    assertTrue(e.getMessage().contains("recall-service is not built"), e.getMessage());
    assertTrue(e.getMessage().contains("./mvnw"), e.getMessage());
  }

  @Test
  void theRecordedPortsOfARunningSuiteWinOverNewRandomOnes() throws Exception {
    Files.writeString(
        home.resolve("config.env"), "ENGRAM_NEO4J_PORT=17001\nENGRAM_CAPTURE_PORT=18001\n");
    assertNotEquals(18001, suite(REPO).port(Component.CAPTURE), "nothing runs: fresh ports");

    Process neo4j =
        FakeComponent.start(
            "-Dengram.component=neo4j",
            "-Dengram.home=" + home.toRealPath(),
            "dev.engram.launcher.Neo4jServer");
    try {
      Files.createDirectories(home.resolve("run"));
      Files.writeString(home.resolve("run/neo4j.pid"), neo4j.pid() + "\n");
      Suite suite = Suite.builder(REPO, home.toRealPath()).randomPorts().build();
      // The fake carries the main class as an argument: it counts as this home's neo4j.
      assertTrue(suite.running(Component.NEO4J));
      assertEquals(17001, suite.port(Component.NEO4J));
      assertEquals(18001, suite.port(Component.CAPTURE));
      assertEquals("http://127.0.0.1:18001", suite.url(Component.CAPTURE));
    } finally {
      neo4j.destroyForcibly().waitFor();
    }
  }

  @Test
  void postgresStartsAttachedIsReadyAndStopsWithClose() throws Exception {
    long pid;
    try (Suite suite = suite(REPO)) {
      suite.start(Component.POSTGRES);
      assertTrue(suite.ready(Component.POSTGRES));
      assertTrue(Probes.portOpen(suite.port(Component.POSTGRES)));
      pid = suite.pid(Component.POSTGRES).getAsLong();
      assertTrue(Files.readString(suite.log(Component.POSTGRES)).contains("READY postgres"));
    }
    assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "stopped");
    assertTrue(PostgresLeftovers.findOrphanServer(new SuiteHome(home)).isEmpty());
  }

  private static String perms(Path path) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
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
