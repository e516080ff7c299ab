package dev.engram.recall.mcp;

import dev.engram.common.auth.Caller;
import dev.engram.common.config.ServicesConfig;
import dev.engram.recall.config.McpConfig;
import io.quarkiverse.mcp.server.runtime.ConnectionManager;
import io.quarkiverse.mcp.server.runtime.McpMessageHandler;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jboss.logging.Logger;

/**
 * The {@code Mcp-Session-Id} a client is given: the extension's own session id, the protocol
 * version it negotiated, and an HMAC over both and the key that opened it ({@code
 * <id>.<version>.<mac>}). Every replica holding the same secret can check it without asking the one
 * that opened the session: a session is used only by its key wherever the call lands, and a replica
 * that does not hold the extension's session serves the call with a session of its own for that
 * request only (the extension's auto-init; Engram's tools keep nothing in a session).
 *
 * <p>The secret is {@code engram.recall.mcp.session-secret}, else derived from the internal key
 * every service of a suite shares, else random per process (sessions then span one replica only).
 */
@ApplicationScoped
class McpSessionTokens {

  private static final Logger LOG = Logger.getLogger(McpSessionTokens.class);
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

  /** 128 bits of HMAC-SHA256, base64url. */
  private static final int MAC_CHARS = 22;

  /** Sessions ended here, remembered so this replica answers them 404 (bounded). */
  private static final int MAX_ENDED = 10_000;

  /** A session a token names, once its MAC holds for the caller. */
  record Session(String id, String protocolVersion) {}

  /** The key (tenant and key id) a session belongs to. */
  record Owner(String tenant, String keyId) {

    static Owner of(Caller caller) {
      return new Owner(caller.tenant(), caller.keyId());
    }
  }

  private final byte[] secret;
  private final ConnectionManager connections;
  private final Map<String, Boolean> ended =
      new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
          return size() > MAX_ENDED;
        }
      };

  McpSessionTokens(McpConfig config, ServicesConfig services, ConnectionManager connections) {
    this.connections = connections;
    this.secret = secret(config.sessionSecret(), services.internalKey());
  }

  private static byte[] secret(Optional<String> configured, Optional<String> internalKey) {
    if (configured.isPresent() && !configured.get().isBlank()) {
      return configured.get().getBytes(StandardCharsets.UTF_8);
    }
    if (internalKey.isPresent() && !internalKey.get().isBlank()) {
      return hmac(
          internalKey.get().getBytes(StandardCharsets.UTF_8),
          "engram mcp session ids".getBytes(StandardCharsets.UTF_8));
    }
    LOG.warn(
        "no engram.recall.mcp.session-secret and no internal key: MCP sessions are good on this"
            + " replica only");
    byte[] random = new byte[32];
    new SecureRandom().nextBytes(random);
    return random;
  }

  /** The token handed to the client for the extension's session {@code id}. */
  String issue(String id, Owner owner) {
    String version = protocolVersion(id);
    return id + "." + version + "." + mac(id, version, owner);
  }

  /**
   * The session {@code token} names, when it was issued to {@code owner} and has not been ended
   * here; else null (the caller answers as for an unknown session).
   */
  Session verify(String token, Owner owner) {
    int last = token.lastIndexOf('.');
    int middle = last < 0 ? -1 : token.lastIndexOf('.', last - 1);
    if (middle <= 0 || token.length() - last - 1 != MAC_CHARS) {
      return null;
    }
    String id = token.substring(0, middle);
    String version = token.substring(middle + 1, last);
    byte[] given = token.substring(last + 1).getBytes(StandardCharsets.US_ASCII);
    byte[] expected = mac(id, version, owner).getBytes(StandardCharsets.US_ASCII);
    if (!MessageDigest.isEqual(given, expected) || wasEnded(id)) {
      return null;
    }
    return new Session(id, version);
  }

  /** Whether this replica holds the extension's session {@code id}. */
  boolean local(String id) {
    return connections.has(id);
  }

  /** Remembers that {@code id} was ended (by its owner's DELETE) on this replica. */
  void ended(String id) {
    synchronized (ended) {
      ended.put(id, Boolean.TRUE);
    }
  }

  private boolean wasEnded(String id) {
    synchronized (ended) {
      return ended.containsKey(id);
    }
  }

  /** The protocol version the session was opened with (as the extension answered it). */
  private String protocolVersion(String id) {
    var supported = McpMessageHandler.SUPPORTED_PROTOCOL_VERSIONS;
    var connection = connections.get(id);
    String asked =
        connection == null || connection.initialRequest() == null
            ? null
            : connection.initialRequest().protocolVersion();
    return supported.contains(asked) ? asked : supported.getFirst();
  }

  private String mac(String id, String version, Owner owner) {
    String signed = String.join("\n", id, version, owner.tenant(), owner.keyId());
    byte[] mac = hmac(secret, signed.getBytes(StandardCharsets.UTF_8));
    return B64.encodeToString(Arrays.copyOf(mac, 16));
  }

  private static byte[] hmac(byte[] key, byte[] data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }
}
