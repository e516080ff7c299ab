package dev.engram.launcher;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Embedded PostgreSQL 17 from the zonky binaries, as its own process: data kept in {@code --data}
 * across restarts, listening on localhost only, with fsync on (the record must survive a crash).
 * Creates the {@code --database} on first start.
 *
 * <p>{@code java -cp <launcher classpath> dev.engram.launcher.PostgresServer --data DIR --port N
 * [--database engram] [--binaries DIR] [--exit-with-parent]}
 */
public final class PostgresServer {

  private PostgresServer() {}

  public static void main(String[] argv) {
    ServerMain.run(argv, PostgresServer::serve);
  }

  private static ServerMain.Running serve(Args args) throws Exception {
    Path data = args.path("data");
    int port = args.port("port");
    String database = args.values().getOrDefault("database", "engram");
    Path binaries =
        args.optional("binaries") != null
            ? args.path("binaries")
            : data.resolveSibling("postgres-binaries");
    Files.createDirectories(data);
    Files.createDirectories(binaries);

    EmbeddedPostgres postgres =
        EmbeddedPostgres.builder()
            .setDataDirectory(data)
            .setCleanDataDirectory(false)
            .setOverrideWorkingDirectory(binaries.toFile())
            .setPort(port)
            .setPGStartupWait(Duration.ofSeconds(60))
            .setServerConfig("fsync", "on")
            // zonky passes synchronous_commit=off (fine for throwaway test databases): a commit
            // could then be acknowledged and still be lost in a crash.
            .setServerConfig("synchronous_commit", "on")
            .setServerConfig("listen_addresses", "127.0.0.1")
            .setServerConfig("max_connections", "200")
            .setOutputRedirector(ProcessBuilder.Redirect.INHERIT)
            .setErrorRedirector(ProcessBuilder.Redirect.INHERIT)
            .start();
    createDatabase(postgres, database);
    return new ServerMain.Running(
        "READY postgres port=" + port + " database=" + database,
        () -> {
          try {
            postgres.close();
          } catch (IOException e) {
            System.err.println("postgres did not stop cleanly: " + e.getMessage());
          }
        });
  }

  private static void createDatabase(EmbeddedPostgres postgres, String database)
      throws SQLException {
    if (!database.matches("[a-z_][a-z0-9_]{0,62}")) {
      throw new IllegalArgumentException("--database must be a plain lower-case identifier");
    }
    try (Connection c = postgres.getPostgresDatabase().getConnection();
        Statement s = c.createStatement()) {
      try (ResultSet rs =
          s.executeQuery("select 1 from pg_database where datname = '" + database + "'")) {
        if (rs.next()) {
          return;
        }
      }
      s.execute("create database " + database);
    }
  }
}
