package dev.engram.vault.archive;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The archive keys: several may be configured (old ones stay so older archives remain readable),
 * one of them the primary that seals new archives.
 */
public final class KeyRing {

  /** Bytes per key: AES-256. */
  public static final int KEY_BYTES = 32;

  private static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

  private final Map<String, ArchiveKey> keys;
  private final ArchiveKey primary;

  private KeyRing(Map<String, ArchiveKey> keys, ArchiveKey primary) {
    this.keys = keys;
    this.primary = primary;
  }

  /** No keys: archives are written unencrypted and encrypted ones cannot be opened. */
  public static KeyRing none() {
    return new KeyRing(Map.of(), null);
  }

  /**
   * Keys from {@code id:base64} specs and the primary's id.
   *
   * @throws IllegalArgumentException naming the offending key id (never the key material)
   */
  public static KeyRing of(List<String> specs, Optional<String> primaryId) {
    Map<String, ArchiveKey> keys = new LinkedHashMap<>();
    for (String spec : specs) {
      String trimmed = spec.trim();
      int colon = trimmed.indexOf(':');
      String id = colon < 0 ? trimmed : trimmed.substring(0, colon);
      if (colon < 0 || !KEY_ID.matcher(id).matches()) {
        throw new IllegalArgumentException(
            "engram.vault.encryption.keys: each key must be <id>:<base64>, with an id of letters,"
                + " digits, '.', '_' or '-'");
      }
      byte[] material;
      try {
        material = Base64.getDecoder().decode(trimmed.substring(colon + 1));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "engram.vault.encryption.keys: key " + id + " is not valid base64");
      }
      if (material.length != KEY_BYTES) {
        throw new IllegalArgumentException(
            "engram.vault.encryption.keys: key "
                + id
                + " must be 32 bytes, not "
                + material.length);
      }
      if (keys.put(id, new ArchiveKey(id, material)) != null) {
        throw new IllegalArgumentException("engram.vault.encryption.keys: key " + id + " twice");
      }
    }
    if (keys.isEmpty()) {
      return none();
    }
    String id =
        primaryId.orElseThrow(
            () ->
                new IllegalArgumentException(
                    "engram.vault.encryption.primary-key must name one of the configured keys"));
    ArchiveKey primary = keys.get(id);
    if (primary == null) {
      throw new IllegalArgumentException(
          "engram.vault.encryption.primary-key " + id + " is not among the configured keys");
    }
    return new KeyRing(Map.copyOf(keys), primary);
  }

  /** The key new archives are sealed with; empty when encryption is off. */
  public Optional<ArchiveKey> primary() {
    return Optional.ofNullable(primary);
  }

  public Optional<ArchiveKey> find(String id) {
    return Optional.ofNullable(keys.get(id));
  }

  /** One key; its material never appears in toString. */
  public record ArchiveKey(String id, byte[] material) {
    @Override
    public String toString() {
      return "ArchiveKey[" + id + "]";
    }
  }
}
