package dev.engram.vault.archive;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.engram.vault.VaultError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;

/**
 * Reads an archive end to end: decrypts it (when sealed), checksums and counts every entry against
 * the manifest and parses every line. Streams; memory does not grow with the archive.
 */
public final class ArchiveVerifier {

  private ArchiveVerifier() {}

  /**
   * Verifies the archive in {@code stored} (closed by the caller).
   *
   * @throws ArchiveException what is wrong with the archive, with its problem code
   * @throws StorageReadException when the stored bytes cannot be read at all
   */
  public static VerifiedArchive verify(InputStream stored, KeyRing keys)
      throws ArchiveException, StorageReadException {
    ArchiveReader archive = ArchiveReader.open(stored, keys);
    Map<String, Manifest.Entry> expected = new HashMap<>();
    archive.manifest().entries().forEach(entry -> expected.put(entry.name(), entry));
    Set<String> seen = new HashSet<>();
    long records = 0;
    for (String name = archive.next(); name != null; name = archive.next()) {
      Manifest.Entry declared = expected.get(name);
      if (declared == null || !seen.add(name)) {
        throw new ArchiveException(
            VaultError.BACKUP_TAMPERED,
            "Entry " + name + " is not in the manifest, or appears twice");
      }
      try {
        records += check(archive.content(), declared);
      } catch (IOException e) {
        throw ArchiveReader.classify(e);
      }
    }
    archive.finish();
    if (seen.size() != expected.size()) {
      Set<String> missing = new HashSet<>(expected.keySet());
      missing.removeAll(seen);
      throw new ArchiveException(
          VaultError.BACKUP_TAMPERED, "Entries in the manifest are missing: " + missing);
    }
    return new VerifiedArchive(archive.manifest(), archive.encrypted(), archive.keyId(), records);
  }

  /** Reads one entry to its end; returns its line count once checksum, count and lines hold. */
  private static long check(InputStream entry, Manifest.Entry declared)
      throws IOException, ArchiveException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
    BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(new DigestInputStream(entry, digest), StandardCharsets.UTF_8),
            64 * 1024);
    long count = 0;
    long firstBadLine = 0;
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      count++;
      if (firstBadLine == 0 && !isJsonObject(line)) {
        firstBadLine = count; // keep reading: a checksum mismatch would explain it
      }
    }
    String sha256 = HexFormat.of().formatHex(digest.digest());
    if (!sha256.equals(declared.sha256())) {
      throw new ArchiveException(
          VaultError.BACKUP_TAMPERED,
          "Entry " + declared.name() + " does not match its sha256 in the manifest");
    }
    if (count != declared.count()) {
      throw new ArchiveException(
          VaultError.BACKUP_TAMPERED,
          "Entry "
              + declared.name()
              + " has "
              + count
              + " lines, the manifest says "
              + declared.count());
    }
    if (firstBadLine > 0) {
      throw new ArchiveException(
          VaultError.BACKUP_MALFORMED,
          "Entry " + declared.name() + " line " + firstBadLine + " is not a JSON object");
    }
    return count;
  }

  private static boolean isJsonObject(String line) {
    try {
      return ArchiveJson.MAPPER.readTree(line).isObject();
    } catch (JsonProcessingException e) {
      return false;
    }
  }
}
