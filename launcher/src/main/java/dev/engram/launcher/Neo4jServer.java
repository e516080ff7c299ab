package dev.engram.launcher;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;

/**
 * Neo4j Community, embedded in its own process, speaking Bolt on localhost only, so graph-service
 * uses the same driver code path as against a cluster's Neo4j. With {@code --password-file} auth is
 * on and user {@code neo4j} gets that password (at least 8 characters).
 *
 * <p>{@code java -cp <launcher classpath> dev.engram.launcher.Neo4jServer --home DIR --bolt-port N
 * [--password-file FILE] [--page-cache-mb 128] [--exit-with-parent]}
 */
public final class Neo4jServer {

  private Neo4jServer() {}

  public static void main(String[] argv) throws Exception {
    Args args = Args.parse(argv);
    Path home = args.path("home");
    int boltPort = args.port("bolt-port");
    String passwordFile = args.optional("password-file");
    long pageCacheMb = Long.parseLong(args.values().getOrDefault("page-cache-mb", "128"));
    Files.createDirectories(home);

    DatabaseManagementService dbms =
        new DatabaseManagementServiceBuilder(home)
            .setConfig(BoltConnector.enabled, true)
            .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", boltPort))
            .setConfig(HttpConnector.enabled, false)
            .setConfig(HttpsConnector.enabled, false)
            .setConfig(GraphDatabaseSettings.auth_enabled, passwordFile != null)
            .setConfig(GraphDatabaseSettings.pagecache_memory, pageCacheMb * 1024 * 1024)
            .build();
    if (passwordFile != null) {
      String password = Files.readString(Path.of(passwordFile), StandardCharsets.UTF_8).strip();
      if (password.length() < 8) {
        dbms.shutdown();
        throw new IllegalArgumentException("the Neo4j password must have at least 8 characters");
      }
      dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME)
          .executeTransactionally(
              "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED",
              Map.of("password", password));
    }
    ServerMain.awaitShutdown(args, dbms::shutdown, "READY neo4j bolt-port=" + boltPort);
  }
}
