package dev.engram.launcher;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
 * Neo4j Community, embedded in its own process, speaking Bolt on localhost only, so graph-service
 * uses the same driver code path as against a cluster's Neo4j. With {@code --password-file} auth is
 * on and user {@code neo4j} gets that password (at least 8 characters).
 *
 * <p>{@code java -cp <launcher classpath> dev.engram.launcher.Neo4jServer --home DIR --bolt-port N
 * [--password-file FILE] [--page-cache-mb 128] [--exit-with-parent]}
 *
 * <p>A cached query plan is replanned at most every {@link #MIN_REPLAN_INTERVAL} (Neo4j's default
 * is 10 s): graph-service sends a few dozen constant statements, and while the graph grows their
 * statistics diverge all the time, so with the default Neo4j spent about 45 % of its CPU parsing
 * and planning them again (docs/benchmarks/writes.md). Their plans are anchored on indexes and do
 * not improve with fresher statistics. {@code ENGRAM_NEO4J_MIN_REPLAN_INTERVAL} (ISO-8601, e.g.
 * {@code PT10S}) overrides it for measurements.
 */
public final class Neo4jServer {

  /** The shortest time between two plans of one statement (Neo4j's default: 10 s). */
  static final Duration MIN_REPLAN_INTERVAL = Duration.ofMinutes(5);

  private Neo4jServer() {}

  static Duration minReplanInterval(Map<String, String> env) {
    String value = env.get("ENGRAM_NEO4J_MIN_REPLAN_INTERVAL");
    return value == null || value.isBlank() ? MIN_REPLAN_INTERVAL : Duration.parse(value.strip());
  }

  public static void main(String[] argv) {
    ServerMain.run(argv, Neo4jServer::serve);
  }

  private static ServerMain.Running serve(Args args) throws Exception {
    Path home = args.path("home");
    int boltPort = args.port("bolt-port");
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
      DatabaseManagementService bootstrap = start(home, boltPort, pageCacheMb, true, false);
      try {
        setPassword(bootstrap, password);
      } finally {
        bootstrap.shutdown();
      }
    }
    DatabaseManagementService dbms = start(home, boltPort, pageCacheMb, password != null, true);
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
      Path home, int boltPort, long pageCacheMb, boolean auth, boolean bolt) {
    return new DatabaseManagementServiceBuilder(home)
        .setConfig(BoltConnector.enabled, bolt)
        .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", boltPort))
        .setConfig(HttpConnector.enabled, false)
        .setConfig(HttpsConnector.enabled, false)
        .setConfig(GraphDatabaseSettings.auth_enabled, auth)
        .setConfig(GraphDatabaseSettings.pagecache_memory, pageCacheMb * 1024 * 1024)
        .setConfig(
            GraphDatabaseSettings.cypher_min_replan_interval, minReplanInterval(System.getenv()))
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
