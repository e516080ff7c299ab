package dev.engram.capture.idempotency;

import dev.engram.capture.CaptureError;
import dev.engram.common.error.EngramException;
import dev.engram.common.error.FieldViolation;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/** A write carrying an {@code Idempotency-Key}: the tenant's key and what the request was. */
record IdempotentRequest(String tenant, String key, String sha256) {

  static final String HEADER = "Idempotency-Key";
  static final int MAX_LENGTH = 255;

  /**
   * The request, or a 400 for a key that is empty, too long or not printable ASCII (a key is echoed
   * in logs and compared byte for byte, so no control or look-alike characters).
   */
  static IdempotentRequest of(
      String tenant, List<String> headers, String method, String target, byte[] body) {
    if (headers.size() != 1) {
      throw invalid("one_value", "must be given once");
    }
    String key = headers.getFirst();
    if (key.isBlank()) {
      throw invalid("not_blank", "must not be empty");
    }
    if (key.length() > MAX_LENGTH) {
      throw invalid("max_length", "must be at most " + MAX_LENGTH + " characters");
    }
    if (!key.chars().allMatch(c -> c >= 0x20 && c <= 0x7e)) {
      throw invalid("printable", "must be printable ASCII");
    }
    return new IdempotentRequest(tenant, key, hash(method, target, body));
  }

  /** sha256 of method, path with query, and body: a retry must repeat all three. */
  private static String hash(String method, String target, byte[] body) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      digest.update((method + ' ' + target + '\n').getBytes(StandardCharsets.UTF_8));
      digest.update(body);
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  private static EngramException invalid(String rule, String message) {
    return new EngramException(
        CaptureError.IDEMPOTENCY_KEY_INVALID,
        HEADER + ": " + message,
        List.of(new FieldViolation(HEADER, rule, message)),
        Map.of());
  }
}
