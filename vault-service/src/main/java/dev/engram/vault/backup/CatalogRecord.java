package dev.engram.vault.backup;

import java.time.Instant;
import java.util.Map;

/**
 * The catalog's record of one archive, stored next to it as {@code <id>.engram.json} so listing
 * needs no decryption. Written before the archive is published, so a listed archive always has it.
 *
 * @param problem the problem code of the last failed verification, else null
 */
record CatalogRecord(
    String id,
    Instant createdAt,
    boolean encrypted,
    String keyId,
    Map<String, Long> counts,
    long records,
    Boolean verified,
    Instant verifiedAt,
    String problem) {

  CatalogRecord verified(Instant at, String problemCode) {
    return new CatalogRecord(
        id, createdAt, encrypted, keyId, counts, records, problemCode == null, at, problemCode);
  }
}
