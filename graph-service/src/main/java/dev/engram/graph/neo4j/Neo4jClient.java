package dev.engram.graph.neo4j;

import dev.engram.graph.config.GraphConfig;
import io.opentelemetry.api.trace.Span;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jboss.logging.Logger;
import org.neo4j.driver.AccessMode;
import org.neo4j.driver.Driver;
import org.neo4j.driver.Record;
import org.neo4j.driver.SessionConfig;
import org.neo4j.driver.TransactionConfig;
import org.neo4j.driver.async.AsyncSession;
import org.neo4j.driver.async.AsyncTransaction;
import org.neo4j.driver.exceptions.RetryableException;
import org.neo4j.driver.exceptions.SecurityException;
import org.neo4j.driver.exceptions.TransactionTerminatedException;

/**
 * Runs Cypher with a deadline on the whole call. quarkus-neo4j exposes no connect timeout (the
 * driver's default is 30 s), so each call waits at most its own timeout whatever the driver is
 * doing underneath, and a Neo4j that is down or hanging becomes a {@link GraphUnavailableException}
 * instead of a stuck request. Queries run as auto-commit transactions: the driver does not retry
 * them, so a caller fails fast and decides for itself.
 */
@ApplicationScoped
public class Neo4jClient {

  private static final SessionConfig READ =
      SessionConfig.builder().withDefaultAccessMode(AccessMode.READ).build();
  private static final SessionConfig WRITE =
      SessionConfig.builder().withDefaultAccessMode(AccessMode.WRITE).build();

  private static final Logger LOG = Logger.getLogger(Neo4jClient.class);

  private final Driver driver;
  private final Duration queryTimeout;
  private final long slowNanos;

  private final WriteGate gate;
  private final CypherSpans spans;

  Neo4jClient(Driver driver, GraphConfig config, WriteGate gate, CypherSpans spans) {
    this.driver = driver;
    this.spans = spans;
    this.gate = gate;
    this.queryTimeout = config.queryTimeout();
    this.slowNanos = config.slowQueryThreshold().toNanos();
  }

  /** A read query, each record mapped, within {@code engram.graph.query-timeout}. */
  public <T> List<T> read(String cypher, Map<String, Object> parameters, Function<Record, T> row) {
    return read(cypher, parameters, row, queryTimeout);
  }

  /** A read query, each record mapped, within {@code timeout}. */
  public <T> List<T> read(
      String cypher, Map<String, Object> parameters, Function<Record, T> row, Duration timeout) {
    return run(READ, cypher, parameters, row, timeout);
  }

  /** A write (or schema) statement in its own transaction, within the query timeout. */
  public <T> List<T> write(String cypher, Map<String, Object> parameters, Function<Record, T> row) {
    return run(WRITE, cypher, parameters, row, queryTimeout);
  }

  /** A write statement in its own transaction, within {@code timeout}. */
  public <T> List<T> write(
      String cypher, Map<String, Object> parameters, Function<Record, T> row, Duration timeout) {
    return run(WRITE, cypher, parameters, row, timeout);
  }

  /**
   * Runs {@code work} in one write transaction that commits when it returns and rolls back when it
   * throws. The whole of it, commit included, must finish within {@code timeout}; each statement
   * waits only for what is left of that deadline.
   */
  public <T> T inTransaction(Duration timeout, Function<Tx, T> work) {
    enterWrite(timeout);
    try {
      return inWriteTransaction(timeout, work);
    } finally {
      gate.exitWrite();
    }
  }

  private <T> T inWriteTransaction(Duration timeout, Function<Tx, T> work) {
    long deadline = System.nanoTime() + timeout.toNanos();
    AsyncSession session = driver.session(AsyncSession.class, WRITE);
    AsyncTransaction transaction = null;
    try {
      transaction =
          await(
              session.beginTransactionAsync(
                  TransactionConfig.builder().withTimeout(timeout).build()),
              deadline,
              timeout);
      AsyncTransaction tx = transaction;
      T result =
          work.apply(
              new Tx() {
                @Override
                public <R> List<R> run(
                    String cypher, Map<String, Object> parameters, Function<Record, R> row) {
                  long started = System.nanoTime();
                  Span span = spans.start(cypher, true);
                  Throwable failure = null;
                  try {
                    List<R> rows =
                        await(
                            tx.runAsync(cypher, parameters)
                                .thenCompose(cursor -> cursor.listAsync(row)),
                            deadline,
                            timeout);
                    logIfSlow(cypher, started, rows.size());
                    return rows;
                  } catch (RuntimeException e) {
                    failure = e;
                    throw e;
                  } finally {
                    CypherSpans.end(span, failure);
                  }
                }
              });
      await(transaction.commitAsync(), deadline, timeout);
      transaction = null;
      return result;
    } finally {
      if (transaction != null) {
        transaction.rollbackAsync().exceptionally(ignored -> null);
      }
      session.closeAsync();
    }
  }

  /** Statements of one explicit transaction (see {@link #inTransaction}). */
  public interface Tx {

    /** Runs one statement and maps its records, within what is left of the deadline. */
    <R> List<R> run(String cypher, Map<String, Object> parameters, Function<Record, R> row);

    /** Runs one statement whose records are not needed. */
    default void run(String cypher, Map<String, Object> parameters) {
      run(cypher, parameters, record -> record);
    }
  }

  /** A statement slower than {@code engram.graph.slow-query-threshold} is logged, abridged. */
  private void logIfSlow(String cypher, long started, int rows) {
    long elapsed = System.nanoTime() - started;
    if (elapsed >= slowNanos) {
      String abridged = cypher.strip().replaceAll("\\s+", " ");
      LOG.warnf(
          "Slow Cypher (%d ms, %d rows): %s",
          elapsed / 1_000_000,
          rows,
          abridged.length() > 160 ? abridged.substring(0, 160) + "…" : abridged);
    }
  }

  private static <T> T await(CompletionStage<T> stage, long deadline, Duration timeout) {
    long left = deadline - System.nanoTime();
    try {
      if (left <= 0) {
        throw new TimeoutException();
      }
      return stage.toCompletableFuture().get(left, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new GraphUnavailableException(
          "Neo4j did not finish within " + timeout.toMillis() + " ms", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GraphUnavailableException("interrupted while waiting for Neo4j", e);
    } catch (ExecutionException e) {
      throw translate(e.getCause());
    }
  }

  private <T> List<T> run(
      SessionConfig sessionConfig,
      String cypher,
      Map<String, Object> parameters,
      Function<Record, T> row,
      Duration timeout) {
    Span span = spans.start(cypher, sessionConfig == WRITE);
    Throwable failure = null;
    try {
      if (sessionConfig != WRITE) {
        return call(sessionConfig, cypher, parameters, row, timeout);
      }
      enterWrite(timeout);
      try {
        return call(sessionConfig, cypher, parameters, row, timeout);
      } finally {
        gate.exitWrite();
      }
    } catch (RuntimeException e) {
      failure = e;
      throw e;
    } finally {
      CypherSpans.end(span, failure);
    }
  }

  /** A write waits while a backup export holds the gate (see {@link WriteGate}), then gives up. */
  private void enterWrite(Duration timeout) {
    if (!gate.enterWrite(timeout)) {
      throw new GraphUnavailableException(
          "a backup export is reading the graph; writes resume when it ends", null);
    }
  }

  private <T> List<T> call(
      SessionConfig sessionConfig,
      String cypher,
      Map<String, Object> parameters,
      Function<Record, T> row,
      Duration timeout) {
    TransactionConfig transaction = TransactionConfig.builder().withTimeout(timeout).build();
    AsyncSession session = driver.session(AsyncSession.class, sessionConfig);
    CompletionStage<List<T>> call =
        session
            .runAsync(cypher, parameters, transaction)
            .thenCompose(cursor -> cursor.listAsync(row))
            .thenCompose(rows -> session.closeAsync().thenApply(ignored -> rows))
            .exceptionallyCompose(
                error ->
                    session
                        .closeAsync()
                        .exceptionally(ignored -> null)
                        .thenCompose(ignored -> CompletableFuture.failedFuture(error)));
    long started = System.nanoTime();
    try {
      List<T> rows = call.toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      logIfSlow(cypher, started, rows.size());
      return rows;
    } catch (TimeoutException e) {
      session.closeAsync();
      throw new GraphUnavailableException(
          "Neo4j did not answer within " + timeout.toMillis() + " ms", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      session.closeAsync();
      throw new GraphUnavailableException("interrupted while waiting for Neo4j", e);
    } catch (ExecutionException e) {
      throw translate(e.getCause());
    }
  }

  /** Outages become {@link GraphUnavailableException}; anything else is a bug and stays one. */
  private static RuntimeException translate(Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    if (outage(cause)) {
      return new GraphUnavailableException(cause.getMessage(), cause);
    }
    return cause instanceof RuntimeException runtime
        ? runtime
        : new IllegalStateException("Neo4j call failed", cause);
  }

  /**
   * Neo4j down, hanging, refusing our credentials or overloaded. A connection that cannot be
   * acquired in time (the handshake included) surfaces as a ClientException caused by a timeout.
   */
  private static boolean outage(Throwable error) {
    if (error instanceof RetryableException
        || error instanceof SecurityException
        || error instanceof TransactionTerminatedException) {
      return true;
    }
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (cause instanceof TimeoutException || cause instanceof IOException) {
        return true;
      }
    }
    return false;
  }
}
