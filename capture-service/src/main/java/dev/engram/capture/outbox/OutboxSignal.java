package dev.engram.capture.outbox;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * When this process last enqueued an outbox event, so the dispatchers poll often only while there
 * is something to deliver (see {@code projection.PollPace}). Events written by another replica or
 * by plain SQL are found by the idle poll.
 */
@ApplicationScoped
public class OutboxSignal {

  private volatile long lastEnqueued = Long.MIN_VALUE;

  /** An event was just enqueued (its transaction may still be open). */
  public void enqueued() {
    lastEnqueued = System.nanoTime();
  }

  /** {@link System#nanoTime()} of the last enqueue, {@code Long.MIN_VALUE} before the first. */
  public long lastEnqueued() {
    return lastEnqueued;
  }
}
