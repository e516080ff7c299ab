package dev.engram.capture;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * A real PostgreSQL 17 (zonky embedded binaries) and stand-ins for recall-service and graph-service
 * (and an LLM), started once per test JVM and shared by every @QuarkusTest of this module.
 */
public class CaptureTestResources implements QuarkusTestResourceLifecycleManager {

  private static EmbeddedPostgres postgres;
  private static RecallStub recall;
  private static GraphStub graph;
  private static LlmStub llm;

  /** The stand-in recall-service the outbox dispatcher delivers to. */
  public static synchronized RecallStub recall() {
    return recall;
  }

  /** The stand-in LLM (OpenAI chat completions) for tests that configure the LLM extractor. */
  public static synchronized LlmStub llm() {
    return llm;
  }

  /** The stand-in graph-service the graph dispatcher delivers to. */
  public static synchronized GraphStub graph() {
    return graph;
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
        graph = new GraphStub();
        llm = new LlmStub();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
    String hostPort = "127.0.0.1:" + postgres.getPort() + "/engram";
    return Map.of(
        "quarkus.datasource.reactive.url",
        "postgresql://" + hostPort,
        "quarkus.datasource.jdbc.url",
        "jdbc:postgresql://" + hostPort,
        "engram.services.recall-url",
        recall.url(),
        "engram.services.graph-url",
        graph.url(),
        "engram.test.llm-url",
        llm.baseUrl());
  }

  @Override
  public void stop() {
    // Shared by all test classes; the JVM's shutdown hook (zonky) stops PostgreSQL.
  }
}
