package dev.engram.capture.projection;

import java.time.Duration;

/**
 * Whether a dispatcher's tick polls PostgreSQL. It polls at every tick ({@code poll-interval})
 * while events are arriving (one was enqueued by this process or found within the active window)
 * and only every {@code idle-poll-interval} otherwise: an idle suite's two dispatchers polled 8
 * times a second, each poll a transaction taking an advisory lock, 7 % of a core between them
 * (docs/benchmarks/writes.md). Times are {@link System#nanoTime()} values.
 */
final class PollPace {

  /** How long after an enqueue or a delivery the dispatcher stays at the fast pace. */
  static final Duration ACTIVE_WINDOW = Duration.ofSeconds(5);

  private final long idleNanos;
  private final long activeNanos;
  private long lastPoll = Long.MIN_VALUE;
  private long lastBusy = Long.MIN_VALUE;

  PollPace(Duration idlePollInterval) {
    this.idleNanos = idlePollInterval.toNanos();
    this.activeNanos = ACTIVE_WINDOW.toNanos();
  }

  /** Whether to poll at {@code now}, given this process's last enqueue; records the poll. */
  synchronized boolean poll(long now, long lastEnqueued) {
    boolean active = within(now, lastEnqueued, activeNanos) || within(now, lastBusy, activeNanos);
    if (active || !within(now, lastPoll, idleNanos)) {
      lastPoll = now;
      return true;
    }
    return false;
  }

  /** A poll found events (delivered or failed: either way more may be waiting). */
  synchronized void busy(long now) {
    lastBusy = now;
  }

  private static boolean within(long now, long then, long window) {
    return then != Long.MIN_VALUE && now - then < window;
  }
}
