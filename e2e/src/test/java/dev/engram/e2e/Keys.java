package dev.engram.e2e;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** API keys for the tests, and their sha256 in the form engram.auth.keys takes. */
final class Keys {

  private static final SecureRandom RANDOM = new SecureRandom();

  private Keys() {}

  static String random() {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return "egk_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  static String sha256(String key) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
