package dev.engram.common.auth;

import dev.engram.common.Sha256;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * The keys this service accepts: {@code engram.auth.keys} plus the entries of {@code
 * engram.auth.keys-file}. At start-up a malformed entry stops the service with a message naming it,
 * rather than silently locking a client out. Afterwards the file is re-read when it changes
 * (checked at most once a second, by modification time, size and file identity), so that {@code
 * ./engram key create|revoke} takes effect without a restart; a file that has become unreadable or
 * malformed keeps the last good set and logs an error, so a bad edit never locks everyone out.
 */
@ApplicationScoped
@Startup
public class ApiKeyRegistry {

  private static final Logger LOG = Logger.getLogger(ApiKeyRegistry.class);
  private static final Set<String> KNOWN_ROLES =
      Set.of(Roles.AGENT, Roles.ADMIN, Roles.OPS, Roles.INTERNAL);

  /** The role sets a key of tenant {@code *} may carry (internal must have tenant *). */
  private static final Set<Set<String>> SUITE_ROLES =
      Set.of(Set.of(Roles.INTERNAL), Set.of(Roles.OPS));

  private static final Pattern HEX_SHA256 = Pattern.compile("[0-9a-f]{64}");
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
  private static final long CHECK_INTERVAL_NANOS = Duration.ofSeconds(1).toNanos();

  private final List<String> configured;
  private final Optional<Path> file;
  private final LongSupplier nanoTime;
  private volatile Map<String, ApiKey> bySha256;
  private volatile long nextCheck;
  private FileStamp seen;

  @Inject
  ApiKeyRegistry(AuthConfig config) {
    this(config.keys().orElse(List.of()), config.keysFile(), System::nanoTime);
  }

  ApiKeyRegistry(List<String> configured, Optional<Path> file, LongSupplier nanoTime) {
    this.configured = List.copyOf(configured);
    this.file = file;
    this.nanoTime = nanoTime;
    this.seen = file.map(ApiKeyRegistry::stamp).orElse(null);
    this.bySha256 = parse(entries());
    this.nextCheck = nanoTime.getAsLong() + CHECK_INTERVAL_NANOS;
    if (bySha256.isEmpty()) {
      LOG.warn("No API keys configured (engram.auth.keys): every API request will get 401");
    } else {
      LOG.infof("Accepting %d API key(s)", bySha256.size());
    }
  }

  /** The configured entries followed by the file's; the file must be readable. */
  private List<String> entries() {
    List<String> entries = new ArrayList<>(configured);
    file.ifPresent(
        path -> {
          try {
            Files.readAllLines(path, StandardCharsets.UTF_8).stream()
                .map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                .forEach(entries::add);
          } catch (IOException e) {
            throw new IllegalStateException(
                "engram.auth.keys-file: cannot read " + path + ": " + e.getMessage(), e);
          }
        });
    return entries;
  }

  /** Re-reads the keys file when it changed since the last look, at most once a second. */
  private void refreshIfDue() {
    if (file.isEmpty() || nanoTime.getAsLong() - nextCheck < 0) {
      return;
    }
    synchronized (this) {
      long now = nanoTime.getAsLong();
      if (now - nextCheck < 0) {
        return; // another thread just checked
      }
      nextCheck = now + CHECK_INTERVAL_NANOS;
      FileStamp current = stamp(file.get());
      if (current.equals(seen)) {
        return;
      }
      // Remembered even when the new content is bad, so a broken file is reported once, not on
      // every check.
      seen = current;
      try {
        Map<String, ApiKey> reloaded = parse(entries());
        bySha256 = reloaded;
        LOG.infof("Reloaded %s: accepting %d API key(s)", file.get(), reloaded.size());
      } catch (IllegalStateException e) {
        LOG.errorf(
            "Keeping the %d API key(s) accepted so far: %s", bySha256.size(), e.getMessage());
      }
    }
  }

  /** What tells a changed file apart; a missing file is a state of its own. */
  private record FileStamp(Object fileKey, long modifiedMillis, long size) {}

  private static FileStamp stamp(Path path) {
    try {
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
      return new FileStamp(
          attributes.fileKey(), attributes.lastModifiedTime().toMillis(), attributes.size());
    } catch (IOException e) {
      return new FileStamp(null, -1, -1);
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
        throw invalid(
            entry,
            "tenant must be 1-64 of A-Z a-z 0-9 . _ - (or * for internal and suite ops keys)");
      }
      Set<String> roles = new LinkedHashSet<>(List.of(parts[2].split("\\+")));
      if (!KNOWN_ROLES.containsAll(roles)) {
        throw invalid(entry, "roles must be among " + KNOWN_ROLES + ", joined with +");
      }
      // A tenant's data belongs to its tenant's keys; only the services (internal) and the
      // operators of the whole suite (ops of tenant *: backups and restores of every tenant) act
      // across tenants.
      boolean anyTenant = tenant.equals(ApiKey.ANY_TENANT);
      if (roles.contains(Roles.INTERNAL) && !(anyTenant && roles.size() == 1)) {
        throw invalid(entry, "the internal role goes alone, with tenant *");
      }
      if (anyTenant && !SUITE_ROLES.contains(roles)) {
        throw invalid(entry, "tenant * goes with the internal or the ops role alone");
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
    refreshIfDue();
    return Optional.ofNullable(bySha256.get(sha256Hex(presentedKey)));
  }

  /** The sha256 of a key in lower-case hex, the form keys are configured in. */
  public static String sha256Hex(String key) {
    return Sha256.hex(key);
  }
}
