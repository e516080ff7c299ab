package dev.engram.common.auth;

import dev.engram.common.Sha256;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * The keys this service accepts, parsed once at start-up. A malformed entry stops the service with
 * a message naming it, rather than silently locking a client out.
 */
@ApplicationScoped
@Startup
public class ApiKeyRegistry {

  private static final Logger LOG = Logger.getLogger(ApiKeyRegistry.class);
  private static final Set<String> KNOWN_ROLES =
      Set.of(Roles.AGENT, Roles.ADMIN, Roles.OPS, Roles.INTERNAL);
  private static final Pattern HEX_SHA256 = Pattern.compile("[0-9a-f]{64}");
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

  private final Map<String, ApiKey> bySha256;

  ApiKeyRegistry(AuthConfig config) {
    List<String> entries = new ArrayList<>(config.keys().orElse(List.of()));
    config
        .keysFile()
        .ifPresent(
            file -> {
              try {
                Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .forEach(entries::add);
              } catch (IOException e) {
                throw new IllegalStateException(
                    "engram.auth.keys-file: cannot read " + file + ": " + e.getMessage(), e);
              }
            });
    this.bySha256 = parse(entries);
    if (bySha256.isEmpty()) {
      LOG.warn("No API keys configured (engram.auth.keys): every API request will get 401");
    } else {
      LOG.infof("Accepting %d API key(s)", bySha256.size());
    }
  }

  static Map<String, ApiKey> parse(List<String> entries) {
    Map<String, ApiKey> keys = new HashMap<>();
    Set<String> ids = new LinkedHashSet<>();
    for (String raw : entries) {
      String entry = raw.strip();
      if (entry.isEmpty()) {
        continue;
      }
      String[] parts = entry.split(":");
      if (parts.length != 4) {
        throw invalid(entry, "expected <key-id>:<tenant>:<roles>:<sha256-hex>");
      }
      String id = parts[0];
      String tenant = parts[1];
      String sha = parts[3].toLowerCase(java.util.Locale.ROOT);
      if (!NAME.matcher(id).matches()) {
        throw invalid(entry, "key id must be 1-64 of A-Z a-z 0-9 . _ -");
      }
      if (!tenant.equals(ApiKey.ANY_TENANT) && !NAME.matcher(tenant).matches()) {
        throw invalid(entry, "tenant must be 1-64 of A-Z a-z 0-9 . _ - (or * for internal keys)");
      }
      Set<String> roles = new LinkedHashSet<>(List.of(parts[2].split("\\+")));
      if (!KNOWN_ROLES.containsAll(roles)) {
        throw invalid(entry, "roles must be among " + KNOWN_ROLES + ", joined with +");
      }
      if (tenant.equals(ApiKey.ANY_TENANT) != roles.equals(Set.of(Roles.INTERNAL))) {
        throw invalid(entry, "tenant * goes with the internal role alone, and only with it");
      }
      if (!HEX_SHA256.matcher(sha).matches()) {
        throw invalid(entry, "the last part must be the 64-hex-digit sha256 of the key");
      }
      if (!ids.add(id)) {
        throw invalid(entry, "key id " + id + " is configured twice");
      }
      keys.put(sha, new ApiKey(id, tenant, Set.copyOf(roles), sha));
    }
    return Map.copyOf(keys);
  }

  private static IllegalStateException invalid(String entry, String why) {
    String shown = entry.length() > 100 ? entry.substring(0, 100) + "…" : entry;
    return new IllegalStateException("engram.auth.keys: invalid entry '" + shown + "': " + why);
  }

  /** The key whose sha256 matches the presented secret, if any. */
  public Optional<ApiKey> lookup(String presentedKey) {
    return Optional.ofNullable(bySha256.get(sha256Hex(presentedKey)));
  }

  /** The sha256 of a key in lower-case hex, the form keys are configured in. */
  public static String sha256Hex(String key) {
    return Sha256.hex(key);
  }
}
