package dev.engram.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.function.Supplier;

/**
 * The suite's clear-text secrets, generated once into {@code secrets/} (owner-only files) and
 * reused on every start, so that keys handed to agents keep working across {@code down}/{@code up}.
 * Services only ever see the sha256 of the API keys (engram.auth.keys).
 */
record SuiteSecrets(
    String adminKey, String opsKey, String internalKey, String neo4jPassword, String vaultKeys) {

  static final String KEY_PREFIX = "egk_";
  private static final SecureRandom RANDOM = new SecureRandom();

  static SuiteSecrets loadOrCreate(SuiteHome home) throws IOException {
    // The services refuse to start without the keys file they are pointed at (engram.auth).
    new ApiKeysFile(apiKeysFile(home)).ensureExists();
    return new SuiteSecrets(
        loadOrCreate(home.secrets().resolve("admin.key"), KEY_PREFIX),
        // Backups and restores cover every tenant, so the vault wants a key of tenant *.
        loadOrCreate(home.secrets().resolve("ops.key"), KEY_PREFIX),
        loadOrCreate(home.secrets().resolve("internal.key"), KEY_PREFIX),
        loadOrCreate(home.secrets().resolve("neo4j.password"), ""),
        loadOrCreate(home.secrets().resolve("vault.keys"), SuiteSecrets::newVaultKey));
  }

  /**
   * The key the vault encrypts backups with: {@code local-1:<32 random bytes, base64>}, the form of
   * engram.vault.encryption.keys. To rotate, append {@code ,local-2:<base64>} to the file: the last
   * entry encrypts new backups, the others still decrypt old ones.
   */
  static String newVaultKey() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return "local-1:" + Base64.getEncoder().encodeToString(bytes);
  }

  /** The id of the key new backups use: the last entry of {@link #vaultKeys()}. */
  String vaultPrimaryKey() {
    String last = vaultKeys.substring(vaultKeys.lastIndexOf(',') + 1).strip();
    return last.substring(0, Math.max(0, last.indexOf(':')));
  }

  /** The keys made with ./engram key create (hashes only), read by every service. */
  static Path apiKeysFile(SuiteHome home) {
    return home.secrets().resolve(ApiKeysFile.FILE_NAME);
  }

  static Path neo4jPasswordFile(SuiteHome home) {
    return home.secrets().resolve("neo4j.password");
  }

  /** {@code egk_} + 32 random bytes in unpadded base64url: 256 bits, shell- and URL-safe. */
  static String newSecret(String prefix) {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return prefix + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** The hash form in which keys are configured (same as common's ApiKeyRegistry.sha256Hex). */
  static String sha256Hex(String key) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  private static String loadOrCreate(Path file, String prefix) throws IOException {
    return loadOrCreate(file, () -> newSecret(prefix));
  }

  private static String loadOrCreate(Path file, Supplier<String> generator) throws IOException {
    if (!Files.exists(file)) {
      // Written to a private temporary file, then linked into place: link() fails if the name
      // exists, so two invocations racing here agree on one secret and nobody reads a half file.
      Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
      try {
        SuiteHome.ownerOnly(tmp, "rw-------");
        Files.writeString(tmp, generator.get() + "\n", StandardCharsets.UTF_8);
        Files.createLink(file, tmp);
      } catch (FileAlreadyExistsException raced) {
        // another invocation created it at the same moment: use theirs
      } finally {
        Files.deleteIfExists(tmp);
      }
    }
    String secret = Files.readString(file, StandardCharsets.UTF_8).strip();
    if (secret.isEmpty()) {
      throw new IOException(file + " is empty: delete it to generate a new secret");
    }
    return secret;
  }
}
