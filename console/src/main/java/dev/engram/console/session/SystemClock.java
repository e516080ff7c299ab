package dev.engram.console.session;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** The clock sessions expire by; tests replace it to move time without waiting. */
class SystemClock {

  @Produces
  @DefaultBean
  @Singleton
  Clock clock() {
    return Clock.systemUTC();
  }
}
