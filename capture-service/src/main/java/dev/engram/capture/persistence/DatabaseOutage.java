package dev.engram.capture.persistence;

import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.net.ConnectException;
import java.util.Set;

/**
 * Tells "PostgreSQL is unreachable" from any other failure by the driver's exception types, however
 * deeply Hibernate, Mutiny or Vert.x wrapped them. Message texts change between driver versions and
 * server locales; types and SQLSTATEs do not.
 */
public final class DatabaseOutage {

  /** Server going away: admin shutdown, crash shutdown, starting up or shutting down. */
  private static final Set<String> SERVER_UNAVAILABLE = Set.of("57P01", "57P02", "57P03");

  private DatabaseOutage() {}

  /** True when the failure, or one of its causes, says the database cannot be reached. */
  public static boolean causedBy(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof ConnectException // refused or timed out (Netty's subclasses included)
          || t instanceof ClosedConnectionException // the server closed a pooled connection
          || t instanceof PgException pg && unavailable(pg.getSqlState())) {
        return true;
      }
    }
    return false;
  }

  /** SQLSTATE class 08 (connection exception) or the server being shut down or started. */
  private static boolean unavailable(String sqlState) {
    return sqlState != null && (sqlState.startsWith("08") || SERVER_UNAVAILABLE.contains(sqlState));
  }
}
