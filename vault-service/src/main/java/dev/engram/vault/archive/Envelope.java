package dev.engram.vault.archive;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.crypto.tink.subtle.AesGcmHkdfStreaming;
import dev.engram.vault.VaultError;
import dev.engram.vault.archive.KeyRing.ArchiveKey;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The encryption layer of an archive: an unencrypted header (magic line + one JSON line naming the
 * key id) followed by Tink StreamingAead ciphertext (AES256_GCM_HKDF_4KB) of the tar.gz. The whole
 * header is the associated data, so changing it breaks authentication; its key check tells a wrong
 * key apart from a tampered archive before any ciphertext is read.
 */
public final class Envelope {

  public static final String ALGORITHM = "AES256_GCM_HKDF_4KB";

  static final byte[] MAGIC = "engram-vault-encrypted/1\n".getBytes(StandardCharsets.US_ASCII);

  private static final int MAX_HEADER_LINE = 1024;
  private static final byte[] KEY_CHECK_INFO =
      "engram-vault key check v1".getBytes(StandardCharsets.US_ASCII);

  private Envelope() {}

  /** Writes the header to {@code out} and returns the stream that encrypts into it. */
  public static OutputStream encrypt(OutputStream out, ArchiveKey key) throws IOException {
    Map<String, String> header = new LinkedHashMap<>();
    header.put("key_id", key.id());
    header.put("algorithm", ALGORITHM);
    header.put("key_check", keyCheck(key));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.write(MAGIC);
    bytes.write(ArchiveJson.MAPPER.writeValueAsBytes(header));
    bytes.write('\n');
    byte[] aad = bytes.toByteArray();
    out.write(aad);
    try {
      return aead(key).newEncryptingStream(out, aad);
    } catch (GeneralSecurityException e) {
      throw new IOException("cannot start encryption", e);
    }
  }

  /** Whether the stream starts with the envelope's magic; reads and resets up to its length. */
  static boolean isEncrypted(byte[] start) {
    return start.length >= MAGIC.length && Arrays.equals(Arrays.copyOf(start, MAGIC.length), MAGIC);
  }

  /**
   * Reads the header from {@code in} (positioned after the magic line, which {@code magic} holds)
   * and returns the plaintext stream. Failures while reading it later surface as {@link
   * ArchiveIOException}: truncated when the ciphertext had ended, tampered otherwise.
   */
  static Decrypted decrypt(InputStream in, KeyRing keys) throws IOException, ArchiveException {
    byte[] line = readLine(in);
    JsonNode header;
    try {
      header = ArchiveJson.MAPPER.readTree(line);
    } catch (IOException e) {
      throw new ArchiveException(VaultError.BACKUP_MALFORMED, "The encryption header is not JSON");
    }
    String keyId = header.path("key_id").asText("");
    if (!ALGORITHM.equals(header.path("algorithm").asText())) {
      throw new ArchiveException(
          VaultError.BACKUP_MALFORMED,
          "Unsupported encryption algorithm " + header.path("algorithm").asText("(none)"));
    }
    ArchiveKey key =
        keys.find(keyId)
            .orElseThrow(
                () ->
                    new ArchiveException(
                        VaultError.BACKUP_KEY_UNKNOWN,
                        "The archive is encrypted with key '"
                            + keyId
                            + "', which is not in engram.vault.encryption.keys"));
    if (!MessageDigest.isEqual(
        keyCheck(key).getBytes(StandardCharsets.US_ASCII),
        header.path("key_check").asText().getBytes(StandardCharsets.US_ASCII))) {
      throw new ArchiveException(
          VaultError.BACKUP_WRONG_KEY,
          "The configured key '" + keyId + "' is not the key this archive was encrypted with");
    }
    byte[] aad = new byte[MAGIC.length + line.length + 1];
    System.arraycopy(MAGIC, 0, aad, 0, MAGIC.length);
    System.arraycopy(line, 0, aad, MAGIC.length, line.length);
    aad[aad.length - 1] = '\n';
    EofWatch watched = new EofWatch(in);
    try {
      return new Decrypted(
          keyId, new Plaintext(aead(key).newDecryptingStream(watched, aad), watched));
    } catch (GeneralSecurityException e) {
      throw new ArchiveException(VaultError.BACKUP_MALFORMED, "Cannot start decryption");
    }
  }

  /** The plaintext of an encrypted archive and the key that opened it. */
  record Decrypted(String keyId, InputStream plaintext) {}

  private static AesGcmHkdfStreaming aead(ArchiveKey key) throws GeneralSecurityException {
    return new AesGcmHkdfStreaming(key.material(), "HmacSha256", KeyRing.KEY_BYTES, 4096, 0);
  }

  /** A short MAC of a constant under the key: proves the key without revealing it. */
  private static String keyCheck(ArchiveKey key) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key.material(), "HmacSHA256"));
      return Base64.getUrlEncoder()
          .withoutPadding()
          .encodeToString(Arrays.copyOf(mac.doFinal(KEY_CHECK_INFO), 16));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
    }
  }

  private static byte[] readLine(InputStream in) throws IOException, ArchiveException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new ArchiveException(VaultError.BACKUP_TRUNCATED, "The archive ends in its header");
      }
      if (line.size() >= MAX_HEADER_LINE) {
        throw new ArchiveException(
            VaultError.BACKUP_MALFORMED, "The encryption header is longer than 1 KiB");
      }
      line.write(b);
    }
    return line.toByteArray();
  }

  /** Remembers whether the ciphertext had ended, which tells truncation from tampering. */
  private static final class EofWatch extends FilterInputStream {
    private boolean ended;

    EofWatch(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      ended |= b < 0;
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      ended |= n < 0;
      return n;
    }
  }

  /** Turns Tink's authentication failures into archive problems. */
  private static final class Plaintext extends FilterInputStream {
    private final EofWatch ciphertext;

    Plaintext(InputStream in, EofWatch ciphertext) {
      super(in);
      this.ciphertext = ciphertext;
    }

    @Override
    public int read() throws IOException {
      try {
        return super.read();
      } catch (IOException e) {
        throw classify(e);
      }
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      try {
        return super.read(buffer, offset, length);
      } catch (IOException e) {
        throw classify(e);
      }
    }

    private IOException classify(IOException e) {
      if (e instanceof StorageReadException) {
        return e;
      }
      // Tink authenticates each 4 KiB segment and marks the last one: a failure once the
      // ciphertext has ended means it ended early; anywhere else, its bytes were changed.
      return ciphertext.ended
          ? new ArchiveIOException(
              VaultError.BACKUP_TRUNCATED,
              "The encrypted archive ends early: its last segment is missing or incomplete")
          : new ArchiveIOException(
              VaultError.BACKUP_TAMPERED,
              "The encrypted archive failed authentication: its bytes were changed");
    }
  }
}
