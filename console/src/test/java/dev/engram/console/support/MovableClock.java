package dev.engram.console.support;

import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** The system clock plus an offset a test can move forward: session expiry without waiting. */
@Singleton
public class MovableClock extends Clock {

  private volatile Duration offset = Duration.ZERO;

  public void advance(Duration by) {
    offset = offset.plus(by);
  }

  @Override
  public Instant instant() {
    return Instant.now().plus(offset);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
