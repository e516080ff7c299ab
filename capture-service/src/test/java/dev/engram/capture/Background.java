package dev.engram.capture;

import java.time.Duration;
import java.time.Instant;

/** Waits for work a request started without waiting for it (the Reflector run at session end). */
public final class Background {

  private Background() {}

  /** Until no Reflector run is RUNNING (so the next test's manual run is not refused as busy). */
  public static void awaitReflectorIdle() {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
    while (Db.count("select count(*) from reflector_runs where status = 'RUNNING'") > 0) {
      if (Instant.now().isAfter(deadline)) {
        throw new AssertionError("a Reflector run is still running after 60 s");
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }
}
