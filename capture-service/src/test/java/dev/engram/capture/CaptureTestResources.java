package dev.engram.capture;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * A real PostgreSQL 17 (zonky embedded binaries) and a recall-service stand-in, started once per
 * test JVM and shared by every @QuarkusTest of this module.
 */
public class CaptureTestResources implements QuarkusTestResourceLifecycleManager {

  private static EmbeddedPostgres postgres;
  private static RecallStub recall;

  /** The stand-in recall-service the outbox dispatcher delivers to. */
  public static synchronized RecallStub recall() {
    return recall;
  }

  @Override
  public synchronized Map<String, String> start() {
    try {
      if (postgres == null) {
        postgres =
            EmbeddedPostgres.builder()
                .setOverrideWorkingDirectory(
                    Path.of("target", "postgres-binaries").toAbsolutePath().toFile())
                .setServerConfig("max_connections", "100")
                .start();
        try (var c = postgres.getPostgresDatabase().getConnection();
            var s = c.createStatement()) {
          s.execute("create database engram");
        }
        recall = new RecallStub();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
    String hostPort = "127.0.0.1:" + postgres.getPort() + "/engram";
    return Map.of(
        "quarkus.datasource.reactive.url", "postgresql://" + hostPort,
        "quarkus.datasource.jdbc.url", "jdbc:postgresql://" + hostPort,
        "engram.services.recall-url", recall.url());
  }

  @Override
  public void stop() {
    // Shared by all test classes; the JVM's shutdown hook (zonky) stops PostgreSQL.
  }
}
