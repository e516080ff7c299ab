package dev.engram.console.session;

import dev.engram.console.config.ConsoleConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The signed-in sessions, in memory only (a restart signs everyone out, and no key is ever written
 * to disk). Ids and CSRF tokens are 256 random bits; a session unused for {@code
 * engram.console.session-idle} is gone.
 */
@ApplicationScoped
public class SessionStore {

  private static final SecureRandom RANDOM = new SecureRandom();

  private final Map<String, ConsoleSession> sessions = new ConcurrentHashMap<>();
  private final Clock clock;
  private final Duration idle;
  private final int max;

  SessionStore(Clock clock, ConsoleConfig config) {
    this.clock = clock;
    this.idle = config.sessionIdle();
    this.max = config.maxSessions();
  }

  /** A new session for a key capture-service has just vouched for. */
  ConsoleSession open(String key, String keyId, String tenant, List<String> roles) {
    Instant now = clock.instant();
    evictIdle(now);
    while (sessions.size() >= max) {
      sessions.values().stream()
          .min(Comparator.comparing(ConsoleSession::lastSeen))
          .ifPresent(oldest -> sessions.remove(oldest.id()));
    }
    ConsoleSession session = new ConsoleSession(random(), key, keyId, tenant, roles, random(), now);
    sessions.put(session.id(), session);
    return session;
  }

  /** The live session with this id, marked as used now; empty when unknown or idle too long. */
  Optional<ConsoleSession> find(String id) {
    if (id == null) {
      return Optional.empty();
    }
    ConsoleSession session = sessions.get(id);
    if (session == null) {
      return Optional.empty();
    }
    Instant now = clock.instant();
    if (expired(session, now)) {
      sessions.remove(id, session);
      return Optional.empty();
    }
    session.seen(now);
    return Optional.of(session);
  }

  void close(ConsoleSession session) {
    sessions.remove(session.id());
  }

  private boolean expired(ConsoleSession session, Instant now) {
    return !session.lastSeen().plus(idle).isAfter(now);
  }

  private void evictIdle(Instant now) {
    sessions.values().removeIf(s -> expired(s, now));
  }

  private static String random() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
