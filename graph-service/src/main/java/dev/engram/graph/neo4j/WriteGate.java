package dev.engram.graph.neo4j;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Holds writes back while a backup export reads the graph. Neo4j reads at READ COMMITTED, not on a
 * snapshot: an export that streams entities first and memories later would otherwise see memories
 * (and facts, evidence, relations) written after its entities were read, naming entities the export
 * does not contain, and such an archive cannot be restored. Writes share the gate; an export takes
 * all of it. Not owner-bound (a semaphore), because an export opens on one thread and may finish on
 * another. Fair, so a waiting export is not starved by a stream of writes.
 */
@ApplicationScoped
public class WriteGate {

  private static final int PERMITS = 1 << 16;

  private final Semaphore permits = new Semaphore(PERMITS, true);

  /** Waits up to {@code timeout} for a write's share; false while an export holds the gate. */
  boolean enterWrite(Duration timeout) {
    try {
      return permits.tryAcquire(1, timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  void exitWrite() {
    permits.release(1);
  }

  /**
   * Takes the whole gate for an export: waits up to {@code timeout} for the writes in flight to
   * finish, then holds new ones back until the returned handle is closed.
   */
  public Exclusive exclusive(Duration timeout) {
    try {
      if (!permits.tryAcquire(PERMITS, timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new GraphUnavailableException(
            "writes still running after " + timeout.toSeconds() + " s; try the export again", null);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GraphUnavailableException("interrupted while waiting for writes to finish", e);
    }
    return new Exclusive();
  }

  /** The gate held by an export; closing it (once) lets writes in again. */
  public final class Exclusive implements AutoCloseable {

    private boolean closed;

    private Exclusive() {}

    @Override
    public synchronized void close() {
      if (!closed) {
        closed = true;
        permits.release(PERMITS);
      }
    }
  }
}
