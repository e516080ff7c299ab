package dev.engram.console.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.console.config.ConsoleConfig;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionStoreTest {

  private Instant now = Instant.parse("2026-11-28T12:00:00Z");

  private final Clock clock =
      new Clock() {
        @Override
        public Instant instant() {
          return now;
        }

        @Override
        public java.time.ZoneId getZone() {
          return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
          return this;
        }
      };

  private static ConsoleConfig config(Duration idle, int max) {
    return new ConsoleConfig() {
      @Override
      public Duration sessionIdle() {
        return idle;
      }

      @Override
      public int maxSessions() {
        return max;
      }

      @Override
      public Duration callTimeout() {
        return Duration.ofSeconds(1);
      }

      @Override
      public int pageSize() {
        return 50;
      }
    };
  }

  private ConsoleSession open(SessionStore store) {
    return store.open("key", "k1", "acme", List.of("agent"));
  }

  @Test
  void idsAndTokensAre256RandomBitsAndDiffer() {
    SessionStore store = new SessionStore(clock, config(Duration.ofMinutes(30), 10));
    ConsoleSession a = open(store);
    ConsoleSession b = open(store);
    assertEquals(43, a.id().length());
    assertEquals(43, a.csrfToken().length());
    assertNotEquals(a.id(), b.id());
    assertNotEquals(a.id(), a.csrfToken());
    assertNotEquals(a.csrfToken(), b.csrfToken());
  }

  @Test
  void aSessionEndsExactlyAtItsIdleLimit() {
    SessionStore store = new SessionStore(clock, config(Duration.ofMinutes(30), 10));
    String id = open(store).id();
    now = now.plus(Duration.ofMinutes(30)).minusMillis(1);
    assertTrue(store.find(id).isPresent());
    now = now.plus(Duration.ofMinutes(30));
    assertTrue(store.find(id).isEmpty());
    assertTrue(store.find(null).isEmpty());
  }

  @Test
  void beyondTheLimitTheLeastRecentlyUsedSessionGoes() {
    SessionStore store = new SessionStore(clock, config(Duration.ofMinutes(30), 2));
    String first = open(store).id();
    now = now.plusSeconds(1);
    String second = open(store).id();
    now = now.plusSeconds(1);
    store.find(first); // used again: now the second is the least recent
    now = now.plusSeconds(1);
    String third = open(store).id();
    assertTrue(store.find(first).isPresent());
    assertTrue(store.find(second).isEmpty());
    assertTrue(store.find(third).isPresent());
  }
}
