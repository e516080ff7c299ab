package dev.engram.capture.db;

import io.vertx.core.impl.NoStackTraceThrowable;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.net.ConnectException;
import java.net.SocketException;
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

  /**
   * True when the failure, or anything it carries, says the database cannot be reached. Mutiny
   * reports a failed reactive transaction as a {@code CompositeException} whose first cause may be
   * Hibernate's "live transaction detected while closing" and only a later one the closed
   * connection, so every cause of a composite and every suppressed exception is looked at, not only
   * the {@code getCause()} chain (a kill -9 of PostgreSQL mid-write answered 500 otherwise).
   */
  public static boolean causedBy(Throwable failure) {
    return Causes.anyMatch(
        failure,
        t ->
            t instanceof ConnectException // refused or timed out (Netty's subclasses included)
                // reset or broken mid-statement: PostgreSQL killed while a transaction was open
                // (FaultIT saw a bare "Connection reset" from the driver's socket answer 500)
                || t instanceof SocketException
                || t instanceof ClosedConnectionException // the server closed a pooled connection
                || t instanceof PgException pg && unavailable(pg.getSqlState())
                || closedConnection(t));
  }

  /**
   * The one case where only a message tells: the Vert.x SQL client fails a command on a connection
   * the server already dropped with a bare {@link NoStackTraceThrowable} ("Connection is not active
   * now, current status: CLOSED"), and when PostgreSQL dies between a statement and the rollback,
   * Mutiny's composite may carry nothing else (FaultIT saw that answer 500). Narrowed to that type
   * and the client's own wording, which no server locale changes.
   */
  private static boolean closedConnection(Throwable t) {
    return t instanceof NoStackTraceThrowable
        && t.getMessage() != null
        && t.getMessage().startsWith("Connection is not active now");
  }

  /** SQLSTATE class 08 (connection exception) or the server being shut down or started. */
  private static boolean unavailable(String sqlState) {
    return sqlState != null && (sqlState.startsWith("08") || SERVER_UNAVAILABLE.contains(sqlState));
  }
}
