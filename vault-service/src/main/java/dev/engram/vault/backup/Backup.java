package dev.engram.vault.backup;

import java.time.Instant;
import java.util.Map;

/**
 * One backup in the catalog. For archives the vault wrote, the details come from the catalog record
 * stored next to the archive; for an archive without one (copied in by hand), {@code createdAt} is
 * the file's last-modified time and the details are null until it is verified.
 *
 * @param destination {@code local} or {@code s3}
 * @param counts records per entry ({@code <source>/<stream>})
 * @param verified true once read end to end and found intact; false when the last verification
 *     failed; null when never verified
 * @param verifiedAt when it was last verified
 * @param keyId the encryption key's id; null when not encrypted
 */
public record Backup(
    String id,
    String file,
    long sizeBytes,
    Instant createdAt,
    boolean encrypted,
    String destination,
    Map<String, Long> counts,
    Long records,
    Boolean verified,
    Instant verifiedAt,
    String keyId) {

  /** Whether retention may count on it: not known to be damaged. */
  public boolean good() {
    return !Boolean.FALSE.equals(verified);
  }
}
