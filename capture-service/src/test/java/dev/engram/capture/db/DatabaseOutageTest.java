package dev.engram.capture.db;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.smallrye.mutiny.CompositeException;
import io.vertx.core.impl.NoStackTraceThrowable;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.net.ConnectException;
import java.net.SocketException;
import java.util.concurrent.CompletionException;
import org.hibernate.HibernateException;
import org.junit.jupiter.api.Test;

/** An outage is recognised by the driver's types and SQLSTATEs, wrapped or not; never by text. */
class DatabaseOutageTest {

  @Test
  void unreachableOrClosingServersAreOutages() {
    assertTrue(DatabaseOutage.causedBy(new ConnectException("refused")));
    assertTrue(
        DatabaseOutage.causedBy(
            new CompletionException(new HibernateException(new ConnectException()))));
    assertTrue(DatabaseOutage.causedBy(new HibernateException(ClosedConnectionException.INSTANCE)));
    assertTrue(DatabaseOutage.causedBy(pg("57P01")));
    assertTrue(DatabaseOutage.causedBy(pg("57P03")));
    assertTrue(DatabaseOutage.causedBy(new CompletionException(pg("08006"))));
    // FaultIT: PostgreSQL killed mid-transaction, the driver's socket read failed unwrapped
    assertTrue(DatabaseOutage.causedBy(new SocketException("Connection reset")));
    assertTrue(
        DatabaseOutage.causedBy(
            new CompositeException(
                new IllegalStateException("HR000090"), new SocketException("Connection reset"))));
  }

  /** What FaultIT saw when PostgreSQL was killed mid-write: a 500 instead of a 503. */
  @Test
  void aClosedConnectionInsideACompositeOrSuppressedIsAnOutage() {
    IllegalStateException live =
        new IllegalStateException("HR000090: Live transaction detected while closing");
    assertTrue(
        DatabaseOutage.causedBy(
            new CompletionException(
                new CompositeException(live, ClosedConnectionException.INSTANCE))));
    IllegalStateException withSuppressed = new IllegalStateException("rollback failed");
    withSuppressed.addSuppressed(new HibernateException(new ConnectException("refused")));
    assertTrue(DatabaseOutage.causedBy(withSuppressed));
    assertFalse(
        DatabaseOutage.causedBy(new CompositeException(live, new IllegalStateException("other"))));
    // PostgreSQL killed between a statement and the rollback: nothing but the client's own words
    var closed = new NoStackTraceThrowable("Connection is not active now, current status: CLOSED");
    assertTrue(
        DatabaseOutage.causedBy(
            new CompletionException(
                new CompositeException(
                    closed,
                    new NoStackTraceThrowable(
                        "Connection is not active now, current status: CLOSED")))));
    assertFalse(DatabaseOutage.causedBy(new NoStackTraceThrowable("something else")));
    assertFalse(DatabaseOutage.causedBy(new IllegalStateException("Connection is not active now")));
  }

  @Test
  void refusedStatementsAndMessagesAreNot() {
    assertFalse(DatabaseOutage.causedBy(pg("23505")));
    assertFalse(DatabaseOutage.causedBy(pg("40001")));
    assertFalse(DatabaseOutage.causedBy(new IllegalStateException("Connection refused")));
    assertFalse(
        DatabaseOutage.causedBy(new HibernateException("the database system is starting up")));
    assertFalse(DatabaseOutage.causedBy(null));
  }

  private static PgException pg(String sqlState) {
    return new PgException("server said no", "FATAL", sqlState, null);
  }
}
