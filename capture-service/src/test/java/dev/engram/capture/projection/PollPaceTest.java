package dev.engram.capture.projection;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PollPaceTest {

  private static final long MS = 1_000_000L;
  private static final long NEVER = Long.MIN_VALUE;

  @Test
  void anIdleDispatcherPollsOnlyEveryIdleInterval() {
    PollPace pace = new PollPace(Duration.ofSeconds(2));
    long t = 1_000_000 * MS;
    assertTrue(pace.poll(t, NEVER), "the first tick polls");
    assertFalse(pace.poll(t + 250 * MS, NEVER));
    assertFalse(pace.poll(t + 1_750 * MS, NEVER));
    assertTrue(pace.poll(t + 2_000 * MS, NEVER), "an idle poll after the idle interval");
    assertFalse(pace.poll(t + 2_250 * MS, NEVER));
  }

  @Test
  void anEnqueueMakesEveryTickPollForTheActiveWindow() {
    PollPace pace = new PollPace(Duration.ofSeconds(2));
    long t = 1_000_000 * MS;
    assertTrue(pace.poll(t, NEVER));
    long enqueued = t + 100 * MS;
    assertTrue(pace.poll(t + 250 * MS, enqueued), "the next tick after an enqueue polls");
    assertTrue(pace.poll(t + 500 * MS, enqueued));
    assertTrue(pace.poll(enqueued + PollPace.ACTIVE_WINDOW.toNanos() - MS, enqueued));
    assertFalse(
        pace.poll(enqueued + PollPace.ACTIVE_WINDOW.toNanos() + 250 * MS, enqueued),
        "back to the idle pace once the window has passed");
  }

  @Test
  void eventsFoundKeepTheFastPaceAsEnqueuesDo() {
    PollPace pace = new PollPace(Duration.ofSeconds(2));
    long t = 1_000_000 * MS;
    assertTrue(pace.poll(t, NEVER));
    pace.busy(t); // another replica's events, found by this poll
    assertTrue(pace.poll(t + 250 * MS, NEVER));
    assertTrue(pace.poll(t + 4_000 * MS, NEVER));
    assertFalse(pace.poll(t + 5_250 * MS, NEVER));
  }
}
