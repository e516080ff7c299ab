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
import org.neo4j.graphdb.QueryExecutionException;

/**
 * Neo4j Community, embedded in its own process, speaking Bolt on localhost only (unless {@code
 * --listen-address} says otherwise: the container image listens on 0.0.0.0), so graph-service uses
 * the same driver code path as against a cluster's Neo4j. With {@code --password-file} auth is on
 * and user {@code neo4j} gets that password (at least 8 characters).
 *
 * <p>{@code java -cp <launcher classpath> dev.engram.launcher.Neo4jServer --home DIR --bolt-port N
 * [--listen-address 127.0.0.1] [--password-file FILE] [--page-cache-mb 128] [--exit-with-parent]}
 */
public final class Neo4jServer {

  private Neo4jServer() {}

  public static void main(String[] argv) {
    ServerMain.run(argv, Neo4jServer::serve);
  }

  private static ServerMain.Running serve(Args args) throws Exception {
    Path home = args.path("home");
    int boltPort = args.port("bolt-port");
    SocketAddress bolt =
        new SocketAddress(args.values().getOrDefault("listen-address", "127.0.0.1"), boltPort);
    String passwordFile = args.optional("password-file");
    long pageCacheMb = Long.parseLong(args.values().getOrDefault("page-cache-mb", "128"));
    String password = null;
    if (passwordFile != null) {
      password = Files.readString(Path.of(passwordFile), StandardCharsets.UTF_8).strip();
      if (password.length() < 8) {
        throw new IllegalArgumentException("the Neo4j password must have at least 8 characters");
      }
    }
    boolean fresh = !Files.isDirectory(home.resolve("data/databases/system"));
    Files.createDirectories(home);
    if (password != null && fresh) {
      // A new store starts with neo4j/neo4j: set the real password before Bolt accepts anyone,
      // or early clients fail, and enough failures lock the account out for a while.
      DatabaseManagementService bootstrap = start(home, bolt, pageCacheMb, true, false);
      try {
        setPassword(bootstrap, password);
      } finally {
        bootstrap.shutdown();
      }
    }
    DatabaseManagementService dbms = start(home, bolt, pageCacheMb, password != null, true);
    if (password != null && !fresh) {
      try {
        setPassword(dbms, password);
      } catch (RuntimeException e) {
        dbms.shutdown();
        throw e;
      }
    }
    return new ServerMain.Running("READY neo4j bolt-port=" + boltPort, dbms::shutdown);
  }

  private static DatabaseManagementService start(
      Path home, SocketAddress bolt, long pageCacheMb, boolean auth, boolean boltOn) {
    return new DatabaseManagementServiceBuilder(home)
        .setConfig(BoltConnector.enabled, boltOn)
        .setConfig(BoltConnector.listen_address, bolt)
        .setConfig(HttpConnector.enabled, false)
        .setConfig(HttpsConnector.enabled, false)
        .setConfig(GraphDatabaseSettings.auth_enabled, auth)
        .setConfig(GraphDatabaseSettings.pagecache_memory, pageCacheMb * 1024 * 1024)
        .build();
  }

  /**
   * Sets the password, so the file stays the truth. On a restart it usually is already that
   * password, which Neo4j refuses as an error: that case is fine.
   */
  private static void setPassword(DatabaseManagementService dbms, String password) {
    try {
      dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME)
          .executeTransactionally(
              "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED",
              Map.of("password", password));
    } catch (QueryExecutionException e) {
      if (!String.valueOf(e.getMessage())
          .contains("Old password and new password cannot be the same")) {
        throw e;
      }
    }
  }
}
