package dev.engram.graph.support;

import dev.engram.launcher.LauncherProcess;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A real Neo4j (the launcher's {@code Neo4jServer}) in a child JVM, on a free port with a temporary
 * home and a password, for graph-service tests. With init arg {@code start-later=true} the service
 * starts against a port where nothing listens yet; the test then calls {@link #startServer()}.
 */
public class Neo4jTestServer implements QuarkusTestResourceLifecycleManager {

  public static final String START_LATER = "start-later";
  static final String PASSWORD = "graph-test-password";

  private Path root;
  private int port;
  private boolean startLater;
  private LauncherProcess process;

  @Override
  public void init(Map<String, String> args) {
    startLater = Boolean.parseBoolean(args.getOrDefault(START_LATER, "false"));
  }

  @Override
  public Map<String, String> start() {
    try {
      root = Files.createTempDirectory("engram-graph-test");
      Files.writeString(root.resolve("password"), PASSWORD);
      port = freePort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (!startLater) {
      startServer();
    }
    return Map.of(
        "quarkus.neo4j.uri",
        "bolt://127.0.0.1:" + port,
        "quarkus.neo4j.authentication.username",
        "neo4j",
        "quarkus.neo4j.authentication.password",
        PASSWORD);
  }

  /** Starts Neo4j (again, on the same port and data) and returns once it accepts Bolt. */
  public synchronized void startServer() {
    if (process != null && process.alive()) {
      return;
    }
    try {
      process =
          LauncherProcess.start(
              "dev.engram.launcher.Neo4jServer",
              List.of("-Xmx512m"),
              List.of(
                  "--home", root.resolve("home").toString(),
                  "--bolt-port", String.valueOf(port),
                  "--password-file", root.resolve("password").toString()),
              root.resolve("neo4j.log"),
              Duration.ofSeconds(120));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Stops Neo4j cleanly; its data stays for a later {@link #startServer()}. */
  public synchronized void stopServer() {
    if (process != null) {
      process.close();
      process = null;
    }
  }

  @Override
  public void stop() {
    stopServer();
    if (root != null) {
      try (Stream<Path> files = Files.walk(root)) {
        files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      } catch (IOException e) {
        // a temp directory left behind is not worth failing the build for
      }
    }
  }

  @Override
  public void inject(TestInjector injector) {
    injector.injectIntoFields(
        this, new TestInjector.AnnotatedAndMatchesType(InjectNeo4j.class, Neo4jTestServer.class));
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
