package dev.engram.console.session;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.List;

/**
 * One signed-in person: the key they signed in with (kept here, server-side only, never rendered),
 * who capture-service says that key is, and the token every form of theirs must carry back.
 */
public final class ConsoleSession {

  private final String id;
  private final String key;
  private final String keyId;
  private final String tenant;
  private final List<String> roles;
  private final String csrfToken;
  private volatile Instant lastSeen;

  ConsoleSession(
      String id,
      String key,
      String keyId,
      String tenant,
      List<String> roles,
      String csrfToken,
      Instant now) {
    this.id = id;
    this.key = key;
    this.keyId = keyId;
    this.tenant = tenant;
    this.roles = List.copyOf(roles);
    this.csrfToken = csrfToken;
    this.lastSeen = now;
  }

  String id() {
    return id;
  }

  /** The person's API key, for calls made on their behalf. */
  public String key() {
    return key;
  }

  public String keyId() {
    return keyId;
  }

  public String tenant() {
    return tenant;
  }

  public List<String> roles() {
    return roles;
  }

  /** The token this session's forms carry in their hidden {@code csrf} field. */
  public String csrfToken() {
    return csrfToken;
  }

  /** True when {@code presented} is this session's token (compared in constant time). */
  public boolean tokenMatches(String presented) {
    return presented != null
        && MessageDigest.isEqual(
            csrfToken.getBytes(StandardCharsets.UTF_8), presented.getBytes(StandardCharsets.UTF_8));
  }

  Instant lastSeen() {
    return lastSeen;
  }

  void seen(Instant now) {
    lastSeen = now;
  }
}
